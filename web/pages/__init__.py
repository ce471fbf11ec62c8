"""One blueprint per page family: home, rules, compare, search, glossary and the JSON API."""
