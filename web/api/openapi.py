"""The OpenAPI 3.0 description of ``/api/v1`` (served at ``/api/v1/openapi.json``)."""

from __future__ import annotations

from typing import Any

_LANG = {"name": "lang", "in": "path", "required": True, "description": "Language code (en, ko, ja, zh)",
         "schema": {"type": "string", "example": "en"}}
_NUMBER = {"name": "number", "in": "path", "required": True,
           "description": "A rule number, canonical (702.19b) or loose (702.19B, CR702.19b, R70219b)",
           "schema": {"type": "string", "example": "702.19b"}}
_EDITION_Q = {"name": "edition", "in": "query", "required": False,
              "description": "An edition id (en-2026-01-16) or a date YYYY-MM-DD: the edition effective then "
                             "(a date between two editions: the one in force on it)",
              "schema": {"type": "string", "maxLength": 1000}}
_NULLABLE_STR = {"type": "string", "nullable": True}
_PART = {"type": "object", "required": ["edition", "effective_date", "number"],
         "properties": {"edition": {"type": "string"}, "effective_date": {"type": "string", "nullable": True},
                        "number": {"type": "string"}}}
_TERM = {"type": "object", "required": ["term", "kind", "edition"], "properties": {
    "term": {"type": "string"}, "reading": _NULLABLE_STR, "kind": {"type": "string", "enum": ["heading", "glossary", "defined", "gloss", "list"]},
    "edition": {"type": "string"}, "number": _NULLABLE_STR}}
_TERMS = {"type": "object", "required": ["query", "concepts"], "properties": {
    "query": {"type": "string"},
    "concepts": {"type": "array", "items": {"type": "object", "required": ["concept", "terms"], "properties": {
        "concept": {"type": "string", "description": "the English term, folded"},
        "terms": {"type": "object", "description": "language code -> its terms",
                  "additionalProperties": {"type": "array", "items": _TERM}}}}}}}
_ERROR = {"description": "An error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
_CHOICES = {"description": "The date asked for names several editions of the language (two texts of one "
                           "date): the error's `choices` give the same request for each, by edition id",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}

_SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error"], "properties": {"error": {
        "type": "object", "required": ["status", "title", "message"],
        "properties": {"status": {"type": "integer"}, "title": {"type": "string"}, "message": {"type": "string"},
                       "suggestions": {"type": "array", "items": {"type": "object"}},
                       "choices": {"type": "array", "items": {
                           "type": "object", "required": ["edition", "label", "url"],
                           "properties": {"edition": {"type": "string"}, "label": {"type": "string"},
                                          "url": {"type": "string"}}}}}}}},
    "Edition": {"type": "object", "required": ["id", "lang", "effective_date", "title", "sources", "newest"],
                "properties": {"id": {"type": "string"}, "lang": {"type": "string"},
                               "effective_date": {"type": "string", "format": "date", "nullable": True},
                               "title": {"type": "string"}, "sources": {"type": "array", "items": {"type": "string"}},
                               "newest": {"type": "boolean"},
                               "matches": {"type": "array", "description": "an undated edition's official "
                                           "editions, best first, with the share of its rules identical",
                                           "items": {"type": "object", "required": ["edition", "share"],
                                                     "properties": {"edition": {"type": "string"},
                                                                    "share": {"type": "number"}}}},
                               "translates": {"type": "object", "description": "a translation's English "
                                              "edition (the one its rules agree with best) and the share of its "
                                              "rules that agree", "required": ["edition", "share"],
                                              "properties": {"edition": {"type": "string"},
                                                             "share": {"type": "number"}}},
                               "partial": {"type": "boolean", "description": "present (true) when the official "
                                           "text ends early and was published with crkb build --partial"}}},
    "Rule": {"type": "object", "required": ["number", "text"], "additionalProperties": True,
             "properties": {"number": {"type": "string"}, "title": _NULLABLE_STR, "text": {"type": "string"},
                            "same_rule": {"type": "array", "description": "The same rule, by the stored alignment "
                                          "of editions (not by number), in the newest edition of each language "
                                          "holding it, its own edition left out: the mulligan, en 103.5, is ko "
                                          "2021-11-19 103.4.", "items": {
                                              "type": "object", "required": ["lang", "edition", "number"],
                                              "properties": {"lang": {"type": "string"}, "edition": {"type": "string"},
                                                             "number": {"type": "string"}}}}},
             "description": "The shape of `crkb show --json`: the rule, its subrules, neighbours and citations."},
    "Preview": {"type": "object", "required": ["number", "text", "edition", "effective_date", "url"],
                "properties": {"number": {"type": "string"}, "title": _NULLABLE_STR, "text": {"type": "string"},
                               "examples": {"type": "array", "items": {"type": "string"}},
                               "edition": {"type": "string"}, "effective_date": {"type": "string"},
                               "url": {"type": "string"}}},
    "History": {"type": "object", "required": ["lang", "edition", "number", "steps", "counterparts"],
                "description": "The shape of `crkb history --json`, each step with its title, text and word diff.",
                "properties": {
                    "lang": {"type": "string"}, "edition": {"type": "string"}, "number": {"type": "string"},
                    "steps": {"type": "array", "items": {"type": "object",
                              "required": ["edition", "effective_date", "number", "change"],
                              "properties": {"edition": {"type": "string"},
                                             "effective_date": {"type": "string", "nullable": True},
                                             "number": _NULLABLE_STR, "change": {"type": "string", "enum": [
                                                 "created", "unchanged", "edited", "moved", "moved+edited", "removed"]},
                                             "title": _NULLABLE_STR, "text": _NULLABLE_STR,
                                             "refs_only": {"type": "boolean"},
                                             "diff": {"type": "array", "items": {"type": "array", "items": {"type": "string"}},
                                                      "description": "[op, words]: op '=', '-' or '+'"},
                                             "split_from": {**_PART, "description": "on a created step: the rule of "
                                                            "the edition before that held its text whole"},
                                             "merged_into": {**_PART, "description": "on the removed step: the rule "
                                                             "of that edition that holds its text whole"}}}},
                    "counterparts": {"type": "array", "items": {"type": "object",
                                     "required": ["lang", "edition", "number", "change"],
                                     "properties": {"lang": {"type": "string"}, "edition": {"type": "string"},
                                                    "number": _NULLABLE_STR, "change": {"type": "string"}}}}}},
    "Changes": {"type": "object", "required": ["lang", "old", "new", "counts", "rules"],
                "description": "The shape of `crkb changes --json`.",
                "properties": {
                    "lang": {"type": "string"}, "old": {"type": "string"}, "new": {"type": "string"},
                    "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "outside": {"type": "integer", "description": "rules an excerpt on one side lacks: "
                                                                  "not listed as created or removed"},
                    "rules": {"type": "array", "items": {"type": "object",
                              "required": ["change", "old", "new", "section", "refs_only", "diff"],
                              "properties": {"change": {"type": "string"}, "old": _NULLABLE_STR, "new": _NULLABLE_STR,
                                             "section": {"type": "string"}, "title": _NULLABLE_STR,
                                             "text": _NULLABLE_STR, "refs_only": {"type": "boolean"},
                                             "diff": {"type": "array", "items": {"type": "array",
                                                                                  "items": {"type": "string"}}}}}}}},
    "Hit": {"type": "object", "required": ["number", "lang", "edition", "snippet", "score", "url"],
            "properties": {"number": {"type": "string"}, "lang": {"type": "string"}, "edition": {"type": "string"},
                           "title": _NULLABLE_STR, "snippet": {"type": "string", "description": "escaped HTML with <mark>"},
                           "score": {"type": "number"}, "url": {"type": "string"}}},
    "SearchGlossaryEntry": {
        "type": "object", "required": ["term", "definition", "references", "lang", "edition", "url"],
        "properties": {"term": {"type": "string"}, "definition": {"type": "string", "description": "plain text"},
                       "references": {"type": "array", "items": {"type": "string"}, "description": "rule numbers it cites"},
                       "lang": {"type": "string"}, "edition": {"type": "string"},
                       "url": {"type": "string", "description": "the entry's page"}}},
}


def _ok(schema: str | dict[str, Any], description: str) -> dict[str, Any]:
    body = {"$ref": f"#/components/schemas/{schema}"} if isinstance(schema, str) else schema
    return {"description": description, "content": {"application/json": {"schema": body}}}


def _get(operation_id: str, summary: str, parameters: list[dict[str, Any]], ok: dict[str, Any],
         errors: tuple[str, ...] = ("400", "404")) -> dict[str, Any]:
    """A GET operation answering ``ok`` (``_ok``) for 200, the error shape for ``errors``, and the
    choice of editions (300, ``_CHOICES``) when it takes an edition."""
    dated = any(parameter.get("name") in ("edition", "span") for parameter in parameters)
    return {"get": {"operationId": operation_id, "summary": summary, "parameters": parameters,
                    "responses": {"200": ok, **({"300": _CHOICES} if dated else {}),
                                  **{status: _ERROR for status in errors}}}}


def openapi_document(server_url: str) -> dict[str, Any]:
    """The OpenAPI document with ``server_url`` (absolute URL of ``/api/v1``) as its server."""
    return {
        "openapi": "3.0.3",
        "info": {"title": "crkb API", "version": "1.0.0",
                 "description": "Read-only access to the Magic: The Gathering Comprehensive Rules (en, ko, ja, zh)."},
        "servers": [{"url": server_url}],
        "paths": {
            "/editions": {"get": {"operationId": "listEditions", "summary": "All editions",
                                  "responses": {"200": _ok({"type": "object", "required": ["editions"], "properties": {
                                      "editions": {"type": "array", "items": {"$ref": "#/components/schemas/Edition"}}}},
                                      "Editions, newest first")}}},
            "/rules/{lang}/{number}": _get("getRule", "One rule with its subrules", [_LANG, _NUMBER, _EDITION_Q],
                                           _ok("Rule", "The rule")),
            "/preview/{lang}/{number}": _get(
                "previewNewestRule", "A rule's text in the newest edition of its language, for previews (embed.js)",
                [_LANG, _NUMBER], _ok("Preview", "The preview")),
            "/preview/{lang}/{edition}/{number}": _get(
                "previewRule", "A referenced rule's text, for previews",
                [_LANG, {"name": "edition", "in": "path", "required": True,
                         "schema": {"type": "string", "example": "en-2026-01-16"}}, _NUMBER],
                _ok("Preview", "The preview")),
            "/numbers/{lang}": _get(
                "listRuleNumbers", "Every rule number of an edition, in rule order (embed.js links only these)",
                [_LANG, _EDITION_Q], _ok({"type": "object", "required": ["lang", "edition", "effective_date", "numbers"],
                                          "properties": {"lang": {"type": "string"}, "edition": {"type": "string"},
                                                         "effective_date": _NULLABLE_STR,
                                                         "numbers": {"type": "array", "items": {"type": "string"}}}},
                                         "The edition's rule numbers")),
            "/history/{lang}/{number}": _get("getHistory", "A rule through every edition of its language",
                                             [_LANG, _NUMBER, _EDITION_Q], _ok("History", "The rule's history")),
            "/changes/{lang}/{span}": _get(
                "getChanges", "What changed between two editions of a language",
                [_LANG, {"name": "span", "in": "path", "required": True,
                         "description": "OLD...NEW: edition ids or dates; a side left empty is "
                                        "its default (the edition before NEW; the newest)",
                         "schema": {"type": "string", "example": "2022-11-18...2023-04-14"}}],
                _ok("Changes", "The changes")),
            "/search": {"get": {
                "operationId": "search", "summary": "Full-text search",
                "parameters": [
                    {"name": "q", "in": "query", "required": True, "schema": {"type": "string", "maxLength": 1000},
                     "description": "the query, at most 1,000 characters; blank: no hits"},
                    {"name": "lang", "in": "query", "required": False, "schema": {"type": "string"},
                     "description": "the language of the results: en, ko, ja, zh, or all (every language, "
                                    "each one's best hits first); the query may be "
                                    "in any of them (CR terms are put in the results' language); default: "
                                    "guessed from the query's script (Hangul: ko, kana: ja, kanji alone: "
                                    "ja or zh, whichever the KB holds, else all; else en)"},
                    _EDITION_Q,
                    {"name": "limit", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10}},
                    {"name": "literal", "in": "query", "required": False, "schema": {"type": "string", "enum": ["0", "1"]},
                     "description": "1: search the words as typed (no spelling correction)"},
                ],
                "responses": {"200": _ok({"type": "object", "required": ["query", "hits"], "properties": {
                    "query": {"type": "string"}, "lang": _NULLABLE_STR, "edition": _NULLABLE_STR,
                    "corrected": {**_NULLABLE_STR, "description": "the query as searched when a spelling correction "
                                  "changed a word of it (tramlpe -> trample); null when none did"},
                    "glossary": {"type": "array", "items": {"$ref": "#/components/schemas/SearchGlossaryEntry"},
                                 "description": "the glossary entries the query (as typed, else as corrected) names: "
                                                "legend rule, トランプル, 踐踏; several when entries share the name "
                                                "(エンチャント: Enchant and Enchantment); a Korean term gives the English "
                                                "entry the Korean glossary page shows; empty when it names none"},
                    "hits": {"type": "array", "items": {"$ref": "#/components/schemas/Hit"}}}}, "Hits, best first"),
                    "300": _CHOICES, "400": _ERROR, "404": _ERROR, "503": _ERROR}}},
            "/terms": {"get": {
                "operationId": "getTerms", "summary": "The CR's terms in every language (the term dictionary)",
                "parameters": [
                    {"name": "q", "in": "query", "required": True, "schema": {"type": "string", "maxLength": 1000},
                     "description": "a term in any language (trample, 돌진, トランプル, 践踏): concepts with a term "
                                    "equal to it first, then those with a term containing it"},
                    {"name": "limit", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10}}],
                "responses": {"200": _ok(_TERMS, "Concepts, best first"), "400": _ERROR}}},
            "/openapi.json": {"get": {"operationId": "openapi", "summary": "This document",
                                      "responses": {"200": {"description": "OpenAPI 3 document"}}}},
        },
        "components": {"schemas": _SCHEMAS},
    }
