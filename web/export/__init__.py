"""The static export (``crkb export --format site DIR``): the site written as files.

``site`` lists and renders the pages with the Flask app itself (its test client: one rendering
path), ``files`` lays them out so a plain static server serves them and writes only what changed,
``pagefind`` adds the static search.
"""
