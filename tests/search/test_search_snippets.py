"""Snippets: escaped HTML with matched words in <mark>, in English, Korean and Japanese, and the
query reading behind them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from search.analysis import cjk_analyzer, english_analyzer
from kb.model import Edition, Rule
from search.query import MAX_QUERY_CHARS, Clause, ParsedQuery, parse_query
from search.searcher import Hit, Searcher, open_searcher
from search.snippets import SNIPPET_CHARS, snippet
from tests.search.search_kb import build_search_kb


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    return open_searcher(build_search_kb(tmp_path_factory.mktemp("search-kb")))


def test_hits_carry_rule_edition_context_title_and_marked_snippet(searcher: Searcher) -> None:
    hits = searcher.search("trample", lang="en", limit=2)
    assert [(h.number, h.lang, h.edition, h.title, h.snippet) for h in hits] == [
        ("702.19", "en", "en-2026-01-16", "Trample", "<mark>Trample</mark>"),
        ("702.19a", "en", "en-2026-01-16", "Trample",
         "<mark>Trample</mark> is a static ability that modifies the rules for assigning an attacking creature’s "
         "combat damage. The ability has no effect when a creature with <mark>trample</mark> is blocking or is "
         "dealing noncombat damage. (See rule 510, “Combat Damage …"),
    ]
    assert hits[0].score > hits[1].score > 0
    assert hits[0].as_dict() == {"number": "702.19", "lang": "en", "edition": "en-2026-01-16", "title": "Trample",
                                 "snippet": "<mark>Trample</mark>", "score": round(hits[0].score, 4)}


def test_the_title_of_a_rule_without_one_is_its_nearest_ancestors(searcher: Searcher) -> None:
    assert [(h.number, h.title) for h in searcher.search("legend rule", lang="en")][:2] == [
        ("704.5j", "State-Based Actions"), ("205.4d", "")]


def test_korean_and_japanese_matches_are_marked_whole(searcher: Searcher) -> None:
    korean = searcher.search("돌진", lang="ko", limit=2)
    assert [(h.number, h.title, h.snippet) for h in korean] == [
        ("702.19", "돌진", "<mark>돌진</mark> Trample"),
        ("702.19a", "돌진", "<mark>돌진</mark>은 공격 생물의 전투피해 분배에 관한 규칙을 변경하는 정적 능력입니다. 이 능력을 가진 "
         "생물이 방어하거나 비전투피해를 입힌 경우에는 아무 효과가 없습니다. (See rule 510, \"Combat Damage Step.\")"),
    ]
    japanese = searcher.search("マリガン", lang="ja", limit=1)[0].snippet
    assert japanese.startswith("… 行う。全プレイヤーが選択を終えた後、<mark>マリガン</mark>することを選んだ")
    assert japanese.count("<mark>マリガン</mark>") == 5 and "<mark>マリ" not in japanese.replace("<mark>マリガン", "")


def test_a_possessive_marks_its_word_not_an_s(searcher: Searcher) -> None:
    snippets = [hit.snippet for hit in searcher.search("an attacking creature's damage", lang="en", limit=10)]
    assert snippets and not any("<mark>s</mark>" in text for text in snippets)
    assert any("<mark>creature’s</mark>" in text for text in snippets)


def test_a_rule_found_by_its_example_shows_the_example_marked(searcher: Searcher) -> None:
    # its text holds neither word: the snippet showed it with nothing marked
    hit = searcher.search("protection from green", lang="en", limit=1)[0]
    assert hit.number == "702.19b" and hit.snippet.startswith(
        "Example: A 6/6 <mark>green</mark> creature with trample is blocked by a 2/2 creature with "
        "<mark>protection</mark> from <mark>green</mark>. ")


def test_a_number_hit_shows_the_rule_text_unmarked(searcher: Searcher) -> None:
    hit = searcher.search("103.5a", lang="en")[0]
    assert hit == Hit("103.5a", "en", "en-2026-01-16", "Starting the Game",
                      "In a Vanguard game, each player’s starting hand size is seven plus or minus the hand modifier "
                      "of their vanguard card.", 1000.0)


def test_snippets_escape_the_rule_text(tmp_path: Path) -> None:
    hostile = 'Trample & <script>alert("x")</script> <b>bold</b> trample'
    edition = Edition("en-2026-01-16", "en", dt.date(2026, 1, 16), "CR", ("x.txt",))
    build = build_search_kb(tmp_path, [(edition, [Rule("702.19a", hostile)], [])])
    hits = open_searcher(build).search("trample", lang="en")
    assert [h.snippet for h in hits] == [
        "<mark>Trample</mark> &amp; &lt;script&gt;alert(\"x\")&lt;/script&gt; &lt;b&gt;bold&lt;/b&gt; <mark>trample</mark>"]
    assert open_searcher(build).search("script", lang="en")[0].snippet.count("<mark>") == 2


def test_snippet_without_matches_is_the_escaped_start() -> None:
    text = "a < b " * 100
    assert snippet(text, [], english_analyzer()) == ("a &lt; b " * 100)[: len("a &lt; b ") * 40] + "…"
    assert len(text[:SNIPPET_CHARS]) == SNIPPET_CHARS
    assert snippet("짧은 글", ["없음"], cjk_analyzer()) == "짧은 글"


@pytest.mark.parametrize(("text", "expected"), [
    ("CR 704.5j", ParsedQuery("CR 704.5j", "704.5j", ())),
    ("legend rule", ParsedQuery("legend rule", None, (Clause("legend"), Clause("rule")))),
    ('"legend rule" world', ParsedQuery('"legend rule" world', None, (Clause("legend rule", True), Clause("world")))),
    ("「優先権」", ParsedQuery("「優先権」", None, (Clause("優先権", True),))),
    ('trample AND (title:"x', ParsedQuery('trample AND (title:"x', None,
                                          (Clause("trample"), Clause("AND"), Clause("title"), Clause("x")))),
    ("trample 702.19b", ParsedQuery("trample 702.19b", None, (Clause("trample"),), ("702.19b",))),
    ("  ", ParsedQuery("", None, ())),
    ("state-based actions", ParsedQuery("state-based actions", None, (Clause("state-based"), Clause("actions")))),
    ("702.19bについて", ParsedQuery("702.19bについて", None, (Clause("について"),), ("702.19b",))),
    ("1点のダメージ", ParsedQuery("1点のダメージ", None, (Clause("1点のダメージ"),))),  # no rule number
])
def test_parse_query(text: str, expected: ParsedQuery) -> None:
    assert parse_query(text) == expected


def test_parse_query_bounds_its_input() -> None:
    parsed = parse_query("word " * 1000)
    assert len(parsed.text) == MAX_QUERY_CHARS - 1 and len(parsed.clauses) == MAX_QUERY_CHARS // 5


class _WhooshMarks:
    """A whoosh formatter giving what ``snippet`` gives for whoosh's own passages: the reference
    the snippets are checked against (``snippets`` walks only the tokens where something happens)."""

    def __call__(self, text: str, fragments: list) -> str:
        import html

        passages: list[tuple[int, int, list]] = []  # passages that overlap are shown as one
        for fragment in fragments:
            if passages and fragment.startchar < passages[-1][1]:
                start, end, matches = passages[-1]
                passages[-1] = (start, max(end, fragment.endchar), matches + list(fragment.matches))
            else:
                passages.append((fragment.startchar, fragment.endchar, list(fragment.matches)))
        parts = []
        for index, (startchar, endchar, matches) in enumerate(passages):
            if index:
                gap = text[passages[index - 1][1] : startchar]
                parts.append(html.escape(gap, quote=False) if len(gap) <= 3 else " … ")
            spans: list[list[int]] = []
            for token in sorted(matches, key=lambda t: (t.startchar, t.endchar)):
                if spans and token.startchar <= spans[-1][1]:
                    spans[-1][1] = max(spans[-1][1], token.endchar)
                else:
                    spans.append([token.startchar, token.endchar])
            at = startchar
            for start, end in spans:
                parts += [html.escape(text[at:start], quote=False), "<mark>",
                          html.escape(text[start:end], quote=False), "</mark>"]
                at = end
            parts.append(html.escape(text[at:endchar], quote=False))
        if not passages:
            return ""
        head = "… " if passages[0][0] > 0 else ""
        return head + "".join(parts) + (" …" if passages[-1][1] < len(text) else "")


def _whooshs(text: str, terms: frozenset[str], analyzer) -> str:
    from whoosh.highlight import BasicFragmentScorer, ContextFragmenter, highlight

    from search.snippets import FRAGMENTS, SURROUND_CHARS

    marked = highlight(text, terms, analyzer, ContextFragmenter(maxchars=SNIPPET_CHARS, surround=SURROUND_CHARS),
                       _WhooshMarks(), top=FRAGMENTS, scorer=BasicFragmentScorer())
    if marked:
        return marked
    return snippet(text, (), analyzer)  # no passage: the text's start, as snippet gives it


def test_a_short_text_is_shown_whole_with_every_match_marked() -> None:
    text = "A creature with frobnicate can't be blocked except by two or more creatures, and frobnicate stacks."
    assert len(text) <= SNIPPET_CHARS
    assert snippet(text, ["frobnic", "creatur"], english_analyzer()) == (
        "A <mark>creature</mark> with <mark>frobnicate</mark> can't be blocked except by two or more "
        "<mark>creatures</mark>, and <mark>frobnicate</mark> stacks.")
    longer = "Some words before the match, enough of them to be cut away. " * 4 + text
    assert snippet(longer, ["frobnic"], english_analyzer()).startswith("… ")


def test_snippets_are_whooshs_passages_on_every_long_rule_text(searcher: Searcher) -> None:
    """Every rule text of the search KB longer than a snippet, with the terms of queries of one to
    four of its own tokens (and a token no text holds), gives the passages whoosh's highlighter gives."""
    import random

    from search.analysis import analyzer_for

    chooser = random.Random(11)
    checked = 0
    for edition in searcher.store.editions():
        analyzer = analyzer_for(edition.lang)
        for rule in searcher.store.rules(edition.id):
            text = rule.text * chooser.choice((1, 1, 4))  # long texts make several passages
            while rule.text and len(text) <= SNIPPET_CHARS:  # a shorter text is shown whole
                text += " " + rule.text
            tokens = [t.text for t in analyzer(text, mode="query", removestops=False)]
            for size in (1, 2, 4):
                terms = frozenset(chooser.sample(tokens, min(size, len(tokens))) + ["zzqx"])
                marked = snippet(text, terms, analyzer)
                assert marked == _whooshs(text, terms, analyzer), (rule.number, sorted(terms))
                assert all(piece in text for piece in _pieces(marked)), (rule.number, sorted(terms), marked)
                checked += 1
    assert checked > 100


def _pieces(marked: str) -> list[str]:
    """The stretches of rule text a snippet shows, marks and escapes undone."""
    import html

    plain = html.unescape(marked.replace("<mark>", "").replace("</mark>", ""))
    return [piece for piece in plain.strip("… ").split(" … ") if piece]
