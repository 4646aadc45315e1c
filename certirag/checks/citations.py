"""Citations of provisions (``s. 124(1ZA)(a)``, ``Article 5(1)(b)``, ``§ 823 Abs. 1``,
``reg. 13``, ``para. 3``, ``Sch. 2``, ``rule 7``, ``clause 4.2``) and titles of instruments
(``Employment Rights Act 1996``, ``Regulation (EU) 2016/679``).

A provision is canonicalised to ``kind label``: ``s. 124(1ZA)(a)`` and ``section 124(1ZA)(a)``
are both ``section 124(1za)(a)``; ``§ 823 Abs. 1`` is ``section 823(1)``. A claim's provision
is grounded by the same provision or a more specific one in the evidence (``section 124`` by
``s. 124(1)``), never by a less specific one. A title is its capitalised name plus its year.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from certirag.checks._text import COMMON, Spans, has_any, has_digit

__all__ = ["Citation", "Title", "extract_citations", "extract_titles"]

_KINDS = {
    "section": "section", "sections": "section", "s": "section", "ss": "section",
    "§": "section", "§§": "section", "sec": "section", "secs": "section",
    "article": "article", "articles": "article", "art": "article", "arts": "article",
    "regulation": "regulation", "regulations": "regulation", "reg": "regulation",
    "regs": "regulation", "paragraph": "paragraph", "paragraphs": "paragraph",
    "para": "paragraph", "paras": "paragraph", "schedule": "schedule", "schedules": "schedule",
    "sch": "schedule", "rule": "rule", "rules": "rule", "r": "rule", "clause": "clause",
    "clauses": "clause", "cl": "clause",
}
_LABEL = (r"[0-9]{1,4}[A-Za-z]{0,3}(?:\.[0-9]{1,3}){0,3}"
          r"(?:\s?\((?:[0-9]{1,3}[A-Za-z]{0,3}|[A-Za-z]{1,4})\)){0,6}")
_PROVISION_RE = re.compile(
    r"(?<![\w.'])(?P<kw>sections?|secs?\.|ss?\.|s(?=\s[0-9])|§§?|articles?|arts?\.|regulations?"
    r"|regs?\.|paragraphs?|paras?\.|schedules?|sch\.|rules?|r\.|clauses?|cl\.)"
    rf"\s{{0,2}}(?P<label>{_LABEL})"
    r"(?P<abs>\s+(?:Abs\.|Absatz)\s*[0-9]{1,3}(?:\s+(?:S\.|Satz)\s*[0-9]{1,3})?)?"
    r"(?![\w])",
    re.IGNORECASE,
)
_PROVISION_HINTS = ("sec", "s.", "s ", "§", "art", "reg", "para", "sch", "rule", "r.", "clause",
                    "cl.")
_MORE_RE = re.compile(rf"\s*(?:,|and|or|&|to|-)\s*(?P<label>{_LABEL})(?![\w/])", re.IGNORECASE)
_ORDINAL_LABEL_RE = re.compile(r"[0-9]+(?:st|nd|rd|th)$", re.IGNORECASE)
_ABS_NUM_RE = re.compile(r"[0-9]{1,3}")


@dataclass(frozen=True, slots=True)
class Citation:
    """A cited provision: ``kind`` (section, article …) and canonical ``label``."""

    kind: str
    label: str
    start: int
    end: int
    text: str

    @property
    def key(self) -> str:
        return f"{self.kind} {self.label}"

    def within(self, other: Citation) -> bool:
        """Whether ``other`` (from the evidence) grounds this citation: the same provision
        or a more specific one."""
        return self.kind == other.kind and (
            other.label == self.label or other.label.startswith(self.label + "(")
            or other.label.startswith(self.label + "."))


def _canon(label: str, abs_part: str | None) -> str:
    out = re.sub(r"\s+", "", label).lower()
    if abs_part:
        out += "".join(f"({n})" for n in _ABS_NUM_RE.findall(abs_part))
    return out


def extract_citations(text: str, taken: Spans) -> list[Citation]:
    """Provisions cited in ``text`` outside ``taken`` (which grows)."""
    out: list[Citation] = []
    if not has_digit(text) or not has_any(text.lower(), _PROVISION_HINTS):
        return out
    for m in _PROVISION_RE.finditer(text):
        kw = m["kw"].rstrip(".").lower()
        kind = _KINDS.get(kw)
        if kind is None:
            continue
        if kw == "s" and not m["kw"].islower():
            continue
        if _ORDINAL_LABEL_RE.match(m["label"]):
            continue  # "the franchise's 57th": an ordinal, not a provision
        label = _canon(m["label"], m["abs"])
        if not taken.take(m.start(), m.end()):
            continue
        out.append(Citation(kind, label, m.start(), m.end(), m.group()))
        pos = m.end()
        for _ in range(12):  # "sections 94, 95 and 98"
            mm = _MORE_RE.match(text, pos)
            if mm is None or not taken.take(mm.start("label"), mm.end()):
                break
            out.append(Citation(kind, _canon(mm["label"], None), mm.start("label"), mm.end(),
                                mm["label"]))
            pos = mm.end()
    return out


@dataclass(frozen=True, slots=True)
class Title:
    """The title of an instrument: ``name`` (lowercase, no leading article) and ``year``."""

    name: str
    year: int | None
    start: int
    end: int
    text: str


_TITLE_KW = (r"Acts?|Regulations?|Orders?|Directive|Code|Convention|Treaty|Rules|Statute"
             r"|Charter|Ordinance|Decree|Bill|Law|Constitution|Protocol|Measure")
# keywords that make a title even without a year ("the Equality Act")
_YEARLESS = frozenset({"Act", "Acts", "Regulations", "Directive", "Convention", "Treaty",
                       "Statute", "Charter", "Ordinance", "Decree", "Constitution", "Protocol"})
_TITLE_HINTS = ("Act", "Regulation", "Order", "Directive", "Code", "Convention", "Treaty", "Rules",
                "Statute", "Charter", "Ordinance", "Decree", "Bill", "Law", "Constitution",
                "Protocol", "Measure", "Decision")
_EU_HINTS = ("Regulation", "Directive", "Decision")
_TITLE_RE = re.compile(
    rf"\b(?P<kw>{_TITLE_KW})\b(?:\s+\((?P<jur>[A-Z][A-Za-z .]{{0,30}})\))?"
    r"(?:,?\s+(?:of\s+)?(?P<year>1[0-9]{3}|20[0-9]{2})(?![0-9/]))?")
_EU_RE = re.compile(
    r"\b(?P<kw>Regulation|Directive|Decision)\s+(?:\((?P<org>EU|EC|EEC|Euratom)\)\s+)?"
    r"(?:No\.?\s*)?(?P<num>[0-9]{1,4}/[0-9]{1,4}(?:/(?:EU|EC|EEC|JHA|CFSP))?)(?![\w/])")
_CONNECT = frozenset({"of", "the", "and", "for", "on", "in", "to", "de", "des", "du", "la", "le",
                      "&"})
_WORD_BACK_RE = re.compile(r"(?<![\w'&.-])([^\W\d_][\w'&.-]*|&)\s+$")


def extract_titles(text: str, taken: Spans) -> list[Title]:
    """Titles of instruments in ``text`` outside ``taken`` (which grows)."""
    out: list[Title] = []
    if not has_any(text, _TITLE_HINTS):
        return out
    for m in _EU_RE.finditer(text) if has_any(text, _EU_HINTS) else ():
        if taken.take(m.start(), m.end()):
            org = f" ({m['org'].lower()})" if m["org"] else ""
            name = f"{m['kw'].lower()}{org} {m['num'].lower()}"
            out.append(Title(name, None, m.start(), m.end(), m.group()))
    for m in _TITLE_RE.finditer(text):
        words: list[tuple[int, str]] = []
        pos = m.start()
        while len(words) < 12:
            wm = _WORD_BACK_RE.search(text, max(0, pos - 40), pos)
            if wm is None:
                break
            w = wm.group(1)
            if w[0].isupper() or w.lower() in _CONNECT:
                words.append((wm.start(1), w))
                pos = wm.start(1)
            else:
                break
        words.reverse()
        while words and (words[0][1].lower() in _CONNECT or words[0][1].lower() in COMMON):
            words.pop(0)
        if not words:
            continue
        start = words[0][0]
        name = " ".join([*(w.lower()[:-2] if w.endswith("'s") else w.lower()
                           for _, w in words), m["kw"].lower()])
        year = int(m["year"]) if m["year"] else None
        if year is None and m["kw"] not in _YEARLESS:
            continue
        if taken.take(start, m.end()):
            out.append(Title(name, year, start, m.end(), text[start:m.end()]))
    return out
