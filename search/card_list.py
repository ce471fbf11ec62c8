"""The card list: card names with their keywords and types, for reading card names in a query.

``crkb fetch --cards`` (``ingest.fetch.cards``) writes it as ``<kb>/cards/cards.json`` from
Scryfall's Oracle bulk file; the file holds only what search needs::

    {"format": 2, "source": "<the bulk file's address>", "updated_at": "<its date>",
     "cards": [["Storm Crow", "Creature — Bird", ["Flying"], "Flying"],
               ["Foulmire Knight", "Creature — Zombie Knight // Instant — Adventure", ["Deathtouch"],
                "Deathtouch // Draw a card."],
               ...]}

one entry per name a card is asked by (a card of several faces has one per face, each with the
whole card's type line, keywords and Oracle text); format 1, without the text, is still read.
``CardList.match`` finds the longest card name at the start of a run of query words. A card
named alone is searched as its ``Card.words``: its keywords, supertypes and card types, and the
subtypes of its noncreature faces (``Aura``, ``Equipment``, ``Adventure``); a card named in a
question also as the words of its Oracle text (``Card.text_words``: what the card does is what
the question is about: Seasoned Pyromancer -> ``discard``, ``nonland``, ``token``).
"""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

FORMAT = 2
READ_FORMATS = (1, 2)
"""Formats ``CardList.load`` reads (1: entries without the Oracle text)."""
CARDS_FILE = Path("cards") / "cards.json"
"""Where the card list lives inside a KB folder."""
NAMED_SUBTYPES = ("creature", "planeswalker", "kindred", "tribal")
"""Card types whose subtypes are names (creature types, planeswalker names): left out of a card's words."""
_POSSESSIVE = re.compile(r"(?:'s|')$")
_REMINDER = re.compile(r"\([^)]*\)")
_TEXT_WORD = re.compile(r"[+-]?[\dX]+/[+-]?[\dX]+|[A-Za-z][A-Za-z'’-]*[A-Za-z]")
_DASH = re.compile(r"\s+[—-]\s+")
EFFECTS = (
    # 614.1a-e: "instead" (not "instead of paying": an alternative cost, 118.9), "skip", "[This permanent]
    # enters with/as/tapped" (and "have it enter as a copy"), "As [this permanent] enters/is turned face up"
    (re.compile(r"\binstead\b(?! of paying)|\bskip\b|\benters? (?:with|as|tapped)\b|^as\b[^.\n]*?\b(?:enters|is turned face up)\b",
                re.IGNORECASE | re.MULTILINE), "replacement effect"),
    (re.compile(r"\bprevent\b", re.IGNORECASE), "prevention effect"),  # 615.1a: "prevent"
)
"""The kinds of effect the CR tells by their words (rules 614.1a-e, 615.1a), and those words in
an Oracle text: a question about a card that replaces an event is about the replacement
effect rules (614, and 616 when two apply), whatever else its text says."""
TOGETHER = "multiple replacement effects"
"""What two or more cards with a replacement or prevention effect make together, in the judge
vocabulary's words (616.1: "If two or more replacement and/or prevention effects are attempting
to modify the way an event affects an object or player ...")."""


class CardListError(Exception):
    """The card list at ``path`` cannot be read: ``reason`` says why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason} (run `crkb fetch --cards` again)")
        self.path, self.reason = path, reason


@dataclass(frozen=True)
class Card:
    """One name a card is asked by, its type line as printed (faces joined by `` // ``) and its
    keywords (``("Flying",)``)."""

    name: str
    type_line: str
    keywords: tuple[str, ...] = ()
    text: str = ""

    def words(self) -> list[str]:
        """The lowercase words the card is searched as: keywords, then supertypes and types, then
        the subtypes of faces that are no creature or planeswalker, then the kinds of effect its
        text has (``EFFECTS``: ``Storm Crow -> ["flying", "creature"]``, ``Rest in Peace ->
        ["enchantment", "replacement", "effect"]``)."""
        words = [word for keyword in self.keywords for word in keyword.lower().split()]
        for face in self.type_line.split("//"):
            types, _, subtypes = _DASH.sub(" — ", face.strip()).partition(" — ")
            type_words = types.lower().split()
            words += type_words
            if not any(kind in type_words for kind in NAMED_SUBTYPES):
                words += subtypes.lower().split()
        words += [word for kind in self.effects() for word in kind.split()]
        return list(dict.fromkeys(words))

    def effects(self) -> list[str]:
        """The kinds of effect its text has (``EFFECTS``: ``["replacement effect"]``)."""
        text = self.rules_text()
        return [kind for pattern, kind in EFFECTS if pattern.search(text)]

    def rules_text(self) -> str:
        """The card's Oracle text without its reminder text (in parentheses), one ability a line."""
        return _REMINDER.sub(" ", self.text)

    def text_words(self) -> list[str]:
        """The lowercase words of the card's Oracle text, first use only, without its reminder
        text (in parentheses), mana symbols and its own name (``"When this creature enters,
        target player discards a card."`` -> ``["when", "this", "creature", "enters", ...]``)."""
        text = self.rules_text()
        for face in {self.name, *self.name.split(" // ")}:
            text = text.replace(face, " ")
        return list(dict.fromkeys(word.lower() for word in _TEXT_WORD.findall(text)))


FACE_KEYWORDS = frozenset({"transform", "prepared"})
"""Keywords of a card with two faces. A list may give a name to a face of another card: the
card package names the creature of a prepared card after its spell (``Lightning Bolt``, a
first strike creature, beside the instant)."""


def together(cards: Iterable[Card]) -> list[str]:
    """What ``cards`` (named in one query) do together, as judge-vocabulary phrases: ``TOGETHER``
    when two or more of them, by name, replace or prevent events (Rest in Peace and Dauthi
    Voidwalker: both exile what would go to a graveyard)."""
    replacing = {card.name for card in cards if card.effects()}
    return [TOGETHER] if len(replacing) > 1 else []


def _one_face(card: Card) -> bool:
    return not FACE_KEYWORDS & {keyword.lower() for keyword in card.keywords} and "//" not in card.type_line


class CardList:
    """Card names, matched in query words (``match``). Build with ``CardList(cards)`` or read the
    file with ``CardList.load(path)``. Of cards sharing a name, the first of one face is kept,
    else the first (``FACE_KEYWORDS``)."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards: dict[tuple[str, ...], Card] = {}
        lengths: dict[str, set[int]] = {}
        for card in cards:
            words = tuple(name_key(word) for word in card.name.replace(",", " ").split())
            if not words:
                continue
            kept = self._cards.get(words)
            if kept is None or (not _one_face(kept) and _one_face(card)):
                self._cards[words] = card
                lengths.setdefault(words[0], set()).add(len(words))
        self._lengths = {first: sorted(found, reverse=True) for first, found in lengths.items()}

    def __len__(self) -> int:
        return len(self._cards)

    @classmethod
    def load(cls, path: Path) -> CardList:
        """Read a card list file (the format in the module docstring). Raises ``CardListError``
        naming the file for one that cannot be read or is not a card list."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as err:
            raise CardListError(path, f"cannot be read as JSON: {err}") from None
        if not isinstance(data, dict) or data.get("format") not in READ_FORMATS or not isinstance(data.get("cards"), list):
            raise CardListError(path, f"not a card list of format {' or '.join(map(str, READ_FORMATS))}")
        fields = 3 if data["format"] == 1 else 4
        cards = []
        for n, entry in enumerate(data["cards"], 1):
            if not (isinstance(entry, list) and len(entry) == fields and isinstance(entry[0], str)
                    and isinstance(entry[1], str) and isinstance(entry[2], list) and (fields == 3 or isinstance(entry[3], str))):
                shape = "[name, type line, [keywords]" + ("]" if fields == 3 else ", Oracle text]")
                raise CardListError(path, f"card {n} is not {shape}")
            cards.append(Card(entry[0], entry[1], tuple(str(k) for k in entry[2]), entry[3] if fields == 4 else ""))
        return cls(cards)

    def card(self, name: str) -> Card | None:
        """The card of a name (any case, commas ignored), or None."""
        return self._cards.get(tuple(name_key(word) for word in name.replace(",", " ").split()))

    def match(self, words: list[str]) -> tuple[int, Card] | None:
        """The longest card name that ``words`` start with, as (how many words it takes, the
        card), or None. The query words must be capitalised where the name is
        (``storm crow`` names no card); the last may carry a possessive (``Oko, Thief of
        Crowns's``) or a plural ``s`` (``two Knight Errants``)."""
        if not words:
            return None
        first = name_key(words[0])
        lengths = self._lengths.get(first) or self._lengths.get(_POSSESSIVE.sub("", first), [])
        for length in lengths:
            if length > len(words):
                continue
            keys = [name_key(word) for word in words[:length]]
            for last in dict.fromkeys((keys[-1], _POSSESSIVE.sub("", keys[-1]), keys[-1][:-1] if _plural(keys[-1]) else "")):
                card = self._cards.get((*keys[:-1], last)) if last else None
                if card is not None and _capitalised_as(words[:length], card.name):
                    return length, card
        return None


def kb_card_list(build_root: Path) -> CardList | None:
    """The card list of the KB folder holding the build folder ``build_root``
    (``<kb>/builds/<id>`` -> ``<kb>/cards/cards.json``); None when the KB has none or
    ``build_root`` is not in a KB's builds folder, and for a file that cannot be read (logged as a
    warning naming the file: search then reads card names without the list)."""
    root = Path(build_root)
    path = root.parent.parent / CARDS_FILE
    if root.parent.name != "builds" or not path.is_file():
        return None
    try:
        return CardList.load(path)
    except CardListError as err:
        logging.getLogger(__name__).warning("card names are read without the card list: %s", err)
        return None


def card_list_json(cards: Iterable[Card], source: str, updated_at: str) -> bytes:
    """A card list file's bytes (the format in the module docstring), names in sorted order."""
    entries = sorted([card.name, card.type_line, list(card.keywords), card.text] for card in cards)
    data = {"format": FORMAT, "source": source, "updated_at": updated_at, "cards": entries}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def name_key(word: str) -> str:
    """A word of a card name as matched: lowercase, accents removed, curly apostrophes straight
    (``Lim-Dûl's -> lim-dul's``)."""
    if word.isascii():
        return word.lower()
    folded = unicodedata.normalize("NFKD", word.replace("’", "'"))
    return "".join(c for c in folded if not unicodedata.combining(c)).lower()


def _plural(key: str) -> bool:
    return len(key) > 3 and key.endswith("s") and not key.endswith(("ss", "'s"))


def _capitalised_as(words: list[str], name: str) -> bool:
    printed = name.replace(",", " ").split()
    return all(word[:1].isupper() or not card_word[:1].isupper() for word, card_word in zip(words, printed))
