"""Rule-based sentence segmentation with exact character offsets.

:func:`split_sentences` returns ``(start, end)`` spans (Python code points) into the text it
was given. The spans are in order, do not overlap, are trimmed of surrounding whitespace and
together cover every non-whitespace character, so ``text[start:end]`` is always the sentence.

The rules, in brief:

* a sentence ends after ``.``, ``!``, ``?``, ``…`` or ``...`` (plus any closing quotes or
  brackets) when whitespace and then a likely sentence start follow: an uppercase letter, a
  digit, a currency sign or a letter without case, optionally behind an opening quote or
  bracket. Lowercase never starts a sentence (``etc. and``, ``e.g. this``, ``Really? yes``);
* a period does not end a sentence after a title or reference abbreviation (``Dr.``,
  ``e.g.``, ``cf.``, ``vs.``), before a number after a reference abbreviation (``s. 124``,
  ``No. 5``, ``art. 5``, ``Jan. 5``), after an initial (``J. R. R. Tolkien``), nor after a
  company suffix, generational suffix or dotted acronym (``Inc.``, ``Jr.``, ``U.S.``,
  ``p.m.``) unless the next word is a common sentence opener (``The``, ``It``, ``We`` …);
* a blank line always ends a sentence; a Markdown heading line is a sentence of its own and
  a list item (``- ``, ``* ``, ``+ ``, ``• ``, ``1. ``, ``1) ``) starts a new one;
* ``word.Next`` (a word ending in two lowercase letters, a year or a closing bracket, a
  period, then a capitalised word, maybe behind a quote, with no space: a common scraping
  artefact, ``Senate.Kelli Ward``, ``in 1954.The``, ``Pictures."The Watercolor``) is split,
  but not ``U.S.A``, ``e.g.X``, ``Mrs.Smith``, URLs, file paths or dotted code names
  followed by ``(``, ``.`` or ``/``.

Pure Python and :mod:`re`; no model, no download.
"""

from __future__ import annotations

import re

__all__ = ["CLOSERS", "OPENERS", "is_question", "needs_full_word", "sentences",
           "split_sentences"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Opening quotes and brackets that may stand before a sentence's first word.
OPENERS = "\"'“‘«‹([{¿¡"
#: Closing quotes and brackets that may follow a sentence's final stop.
CLOSERS = "\"'”’»›)]}"

# Never split after these (titles and Latin reference markers): ``Dr. Smith``, ``e.g. The``.
_NEVER = _words(
    """
    dr mr mrs ms mx prof messrs mme mlle rev hon capt col lt sgt gov mt st
    """
)
# Latin reference markers, written in lower case: ``cf. Smith``, ``e.g. The``. Capitalised
# they are names (``Inter Miami CF. Did you know …``) and end a sentence as any word does.
_LATIN = _words("cf vs v viz e.g i.e approx")

# Reference abbreviations: no split before a number, a roman numeral or a single letter
# (``s. 124(1ZA)(a)``, ``No. 5``, ``vol. II``, ``Jan. 5``); a capitalised word still splits
# (``I love modern art. The museum ...``).
_NUMERIC = _words(
    """
    no nos s ss art arts para paras reg regs sch ch chap vol vols pp p fig figs est sec secs
    cl pt n nn r rr ca c ed eds rs op
    jan feb mar apr jun jul aug sep sept oct nov dec
    """
)

# Often sentence-final, often not (``Acme Inc. The firm`` / ``Warner Bros. Pictures``): split
# only when a common sentence opener follows.
_AMBIGUOUS = _words("inc ltd co corp bros jr sr llc plc esq pty cos al")

# Words that very often open a sentence; after an ambiguous abbreviation, an initial or a
# dotted acronym they decide for a split.
_OPENER_WORDS = _words(
    """
    a an the this that these those there then thus it its he she they we i you his her hers
    their our my your in on at for from as but and or so yet if when while where after before
    since although though because however also both each all some many most no not one such
    what which who how why during under until unless with without according here today
    do does did is are was were has have had can could will would should may might must
    """
)

_ROMAN = re.compile(r"[IVXLCDM]+\Z")
_DOTTED = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]\Z")
_CURRENCY = "$€£¥₹₩"

# A candidate boundary: the whitespace-free run before the stop, the stop, closers, spaces.
_CANDIDATE = re.compile(
    r"(?<!\S)((?:\S*?[^\s.!?…])?)([.!?…]++)([" + re.escape(CLOSERS) + r"]*+)\s+"
)
# The start of the text after a candidate: openers, then the first word.
_NEXT = re.compile(r"([" + re.escape(OPENERS) + r"]*)(\w*)(.?)")
_PARAGRAPH = re.compile(r"(?:\r\n|\r(?!\n)|\n)[^\S\r\n]*(?:\r\n|\r|\n)")
_LINE_START = r"(?:\A|(?<=\n)|(?<=\r)(?!\n))[ \t]*"
_BLOCK = re.compile(_LINE_START + r"(?:[-*+•][ \t]|\d{1,3}[.)][ \t])")
_HEADING = re.compile(_LINE_START + r"#{1,6}(?:[ \t][^\r\n]*)?(?=[\r\n]|\Z)")
_GLUED = re.compile(
    r"(?:^|(?<=\s)|(?<=[" + re.escape(OPENERS) + r"]))"
    r"(?:[A-Za-z]?[a-z]{2,}|\d{4}|[^\s.]*[a-z0-9][)\]])\."
    r"(?=[\"“]?[A-Z][a-z]*(?:[A-Z][a-z]+)?(?:[\s,;:!?" + re.escape(CLOSERS) + r"]|\.\s|\.?\Z))"
)
# Abbreviations a glued word may be (``Mrs.Smith``, ``Inc.Pictures``): never cut there.
_GLUE_KEEP = _NEVER | _LATIN | _NUMERIC | _AMBIGUOUS


def _opens_sentence(word: str, after: str) -> bool:
    """True when ``word`` is a common sentence opener (a lone letter must not be an initial)."""
    if len(word) == 1 and after == ".":
        return False
    return word.lower() in _OPENER_WORDS


def _at_line_start(text: str, pos: int) -> bool:
    i = pos - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] in "\r\n"


def _is_boundary(text: str, m: re.Match[str]) -> bool:
    """Decide whether the candidate ``m`` ends a sentence."""
    tok, stop, closers = m.group(1), m.group(2), m.group(3)
    nm = _NEXT.match(text, m.end())
    if nm is None:  # unreachable: the pattern matches the empty string
        return False
    word, after = nm.group(2), nm.group(3)
    first = word[:1] or after
    if not first:
        return False
    if first.islower():
        return False
    if not (first.isalpha() or first.isdigit() or first in _CURRENCY):
        return False
    if stop != "." or closers:
        return True
    bare = tok.lstrip(OPENERS)
    if not bare:
        return True
    low = bare.lower()
    if low in _NEVER or (bare in _LATIN or (low in _LATIN and "." in bare)):
        return False
    if len(bare) == 1 and bare.isupper():  # an initial: ``J. R. R. Tolkien``, ``A. Smith``
        return _opens_sentence(word, after)
    numeric_next = (word[:1].isdigit() or (nm.group(1).endswith("(") and bool(word))
                    or bool(_ROMAN.match(word)) or (len(word) == 1 and word.isupper()))
    if low in _NUMERIC:
        if low in ("no", "art", "arts") and word == "I" and after == " ":
            return True
        return not numeric_next
    if low in _AMBIGUOUS or _DOTTED.match(bare):
        if word[:1].isdigit():
            return False
        return _opens_sentence(word, after)
    # a numbered list marker (``1. First item``) is not a sentence
    return not (bare.isdigit() and len(bare) <= 3 and _at_line_start(text, m.start()))


_TAIL = re.compile(r"(\S*?)([.!?…]+)([" + re.escape(CLOSERS) + r"]*)\Z")


def needs_full_word(sentence: str) -> bool:
    """Whether the stop ending ``sentence`` is decided by the whole next word (a ``.``
    after an abbreviation, initial, acronym or number), not just its first character: what
    the streaming segmenter (:mod:`certirag.generate.segmenter`) waits for."""
    m = _TAIL.search(sentence)
    if m is None:
        return True  # not a stop: a blank line, list item or glued word
    tok, stop, closers = m.group(1), m.group(2), m.group(3)
    if stop != "." or closers:
        return False
    bare = tok.lstrip(OPENERS)
    if not bare:
        return False
    low = bare.lower()
    return (low in _NEVER or low in _LATIN or low in _NUMERIC or low in _AMBIGUOUS
            or (len(bare) == 1 and bare.isupper()) or bool(_DOTTED.match(bare))
            or bare.isdigit() or "." in bare)


def _cuts(text: str) -> list[int]:
    cuts: list[int] = []
    for m in _CANDIDATE.finditer(text):
        if _is_boundary(text, m):
            cuts.append(m.end(3))
    if "\n" in text or "\r" in text:
        cuts.extend(m.start() for m in _PARAGRAPH.finditer(text))
        cuts.extend(m.start() for m in _BLOCK.finditer(text))
        for m in _HEADING.finditer(text):
            cuts.append(m.start())
            cuts.append(m.end())
    if "." in text:
        cuts.extend(m.end() for m in _GLUED.finditer(text)
                    if m.group()[:-1].lower() not in _GLUE_KEEP)
    return cuts


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans ``(start, end)`` into ``text``, trimmed, ordered and non-overlapping.

    Every non-whitespace character lies in exactly one span; a text without a sentence stop
    is one sentence and a blank text gives ``[]``.
    """
    cuts = _cuts(text)
    cuts.append(len(text))
    cuts.sort()
    spans: list[tuple[int, int]] = []
    prev = 0
    for cut in cuts:
        if cut <= prev:
            continue
        piece = text[prev:cut]
        body = piece.lstrip()
        if body:
            start = prev + len(piece) - len(body)
            spans.append((start, start + len(body.rstrip())))
        prev = cut
    return spans


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` as strings (see :func:`split_sentences`)."""
    return [text[s:e] for s, e in split_sentences(text)]


_QUESTION_END = re.compile(r"\?[\"'”’)\]]*\s*\Z")


def is_question(sentence: str) -> bool:
    """Whether ``sentence`` asks: it ends in a question mark, maybe behind closing quotes or
    brackets. A question states nothing."""
    return _QUESTION_END.search(sentence) is not None
