"""Annotations: what the build derives from an edition's texts, computed once, here, and stored
with them (``kb.store``): every reference of a rule's text, an example or a glossary definition
(``references.find_references``: span, targets and the span of each target's number), resolved
against the edition's numbers; the terms each rule's text defines (``terms.defined_terms``); the
rules each glossary term names or mentions (``glossary_names``); citations whose printed title
names another rule than their number pointed at that rule (``titled``); and the edition's spelling
vocabulary (``search.vocabulary``). Readers of the KB (the site, the CLI, the search index) take
them from the store and never derive them again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ingest.annotate.glossary_names import glossary_names
from ingest.annotate.references import find_references, resolve_references
from ingest.annotate.terms import defined_terms
from ingest.annotate.titled import retarget_by_title, titled_rules
from kb.model import Edition, EditionText, Example, GlossaryEntry, GlossaryNames, Reference, Rule
from search.vocabulary import edition_vocabulary


def annotate_edition(edition: Edition, rules: Sequence[Rule], glossary: Sequence[GlossaryEntry]) -> EditionText:
    """``edition``'s parsed rules (document order) and glossary with every annotation filled in:
    references (found in each text unless it carries some already, and resolved against the
    edition's rule numbers), defined terms, glossary names and the spelling vocabulary. Pure; raises ``ValueError`` for a language ``find_references`` does
    not know."""
    lang = edition.lang
    known = {rule.number for rule in rules}
    titles: dict[str, str] = {}
    for rule in rules:
        if rule.title:
            titles.setdefault(rule.number, rule.title)
    by_title = titled_rules(titles)
    annotated = [annotate_rule(rule, lang, known, titles, by_title) for rule in rules]
    entries = [replace(g, references=_resolved(_found(g.references, g.definition, lang, titles, by_title), known))
               for g in glossary]
    names, mentions = glossary_names(entries, titles, lang)
    named = GlossaryNames({n: tuple(t) for n, t in names.items()}, {n: tuple(t) for n, t in mentions.items()})
    return EditionText(edition, annotated, entries, named, edition_vocabulary(annotated, named, lang))


def annotate_rule(
    rule: Rule, lang: str, known: set[str], titles: Mapping[str, str] | None = None,
    by_title: Mapping[str, str] | None = None,
) -> Rule:
    """``rule`` with the references of its text and examples (resolved against ``known``) and its
    defined terms. References a text already carries (made by hand) are kept, only resolved.
    Given the edition's ``titles`` (number -> heading) and ``by_title`` (``titled.titled_rules``),
    a citation whose printed title names another rule is pointed at it (``titled``)."""
    titles, by_title = titles or {}, by_title or {}
    examples = tuple(Example(ex.text, _resolved(_found(ex.references, ex.text, lang, titles, by_title), known))
                     for ex in rule.examples)
    refs = _found(rule.references, rule.text, lang, titles, by_title)
    return replace(rule, references=_resolved(refs, known), examples=examples,
                   defined_terms=tuple(defined_terms(rule.text, lang)))


def _found(
    given: Sequence[Reference], text: str, lang: str, titles: Mapping[str, str], by_title: Mapping[str, str]
) -> Sequence[Reference]:
    """The references a text carries already, else those found in it, retargeted by title."""
    if given:
        return given
    found = find_references(text, lang)
    return retarget_by_title(found, text, titles, by_title) if by_title else found


def _resolved(refs: Sequence[Reference], known: set[str]) -> tuple[Reference, ...]:
    return tuple(
        replace(ref, spans=ref.spans or (None,) * len(ref.targets), resolved=tuple(resolve_references([ref], known)[0]))
        for ref in refs
    )
