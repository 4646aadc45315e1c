"""Contractions written out in full (scorer ``certirag.scorer.v7``).

Our small NLI model reads a contraction as a different word: the tokenizer splits
"shouldn't" into "shouldn", "'" and "t", and the model, trained on text that seldom
contracts, reads that as a sign of contradiction. "You shouldn't drive or operate machinery
for at least 8 hours after taking a dose." scores P(contradiction) 0.99 against "Do not
drive or operate machinery for at least 8 hours after taking a dose.", and P(entailment)
0.89 written "should not". Answers contract all the time, chat replies most of all;
:func:`expanded` writes both sides of a model pair with each contraction in full:

* a negation: "shouldn't" → "should not", "doesn't" → "does not", "can't" → "cannot",
  "won't" → "will not", "shan't" → "shall not";
* a verb after a pronoun: "you'll" → "you will", "we're" → "we are", "they've" → "they
  have", "I'm" → "I am", "she'd" → "she would" ("she'd been" → "she had been");
* "is" or "has" after a pronoun, "there", "here" and a question word: "it's" → "it is",
  "there's" → "there is", "it's been" → "it has been"; "let's" → "let us".

A name's "'s" is left alone ("Maria's" is a possessive as often as it is "Maria is"),
except before an article or "not", where no possessive stands: "Dara's a singer" →
"Dara is a singer".
Only the model reads this text; the deterministic checks, the certificate and the
rendered answer keep the words as written.
"""

from __future__ import annotations

import re

__all__ = ["expanded", "negation_cue"]

_APOSTROPHE = "['’]"


def negation_cue(words: str) -> str:
    r"""A pattern for a negation as written: one of ``words`` ("not|never|no", each a whole
    word) or a contracted "not" ending a word ("doesn't", "isn’t", "can't").

    A contracted "not" never starts a word, so ``\b(?:not|n't)\b`` misses it inside
    "doesn't": every check that asks whether its words are denied builds its cue here.
    """
    return rf"(?:\b(?:{words})\b|n{_APOSTROPHE}t\b)"


_IRREGULAR = {"ca": "cannot", "wo": "will not", "sha": "shall not"}
_NEGATED = re.compile(
    rf"\b(?P<aux>do|does|did|is|are|was|were|has|have|had|would|should|could|must|need|"
    rf"might|dare|ought|ca|wo|sha)n{_APOSTROPHE}t\b", re.IGNORECASE)
_PRONOUN = r"I|you|we|they|he|she|it|that|there|who"
_VERB = {"ll": "will", "re": "are", "ve": "have", "m": "am"}
_AFTER_PRONOUN = re.compile(rf"\b(?P<who>{_PRONOUN}){_APOSTROPHE}(?P<v>ll|re|ve|m)\b",
                            re.IGNORECASE)
_WOULD = re.compile(rf"\b(?P<who>{_PRONOUN}){_APOSTROPHE}d\b(?P<next>\s+\w+)?",
                    re.IGNORECASE)
_IS = re.compile(
    rf"\b(?P<who>it|that|there|here|he|she|what|who|where|how|when|why|this){_APOSTROPHE}s\b"
    r"(?P<next>\s+\w+)?", re.IGNORECASE)
_LET_US = re.compile(rf"\b(?P<let>let){_APOSTROPHE}s\b", re.IGNORECASE)
# a name's "'s" before an article or "not" is "is": "Dara's a singer" (a possessive
# never stands before "a" or "the")
_NAME_IS = re.compile(rf"\b(?P<who>[A-Z][a-z]+){_APOSTROPHE}s(?=\s+(?:a|an|the|not)\b)")
# after these, "'d" is "had" and "'s" is "has"
_PERFECT = frozenset({"been", "got", "gotten", "had", "already", "never", "just", "better"})


def _case(old: str, new: str) -> str:
    """``new`` in the case ``old`` was written in (a capital opens a sentence)."""
    if old.isupper() and len(old) > 1:
        return new.upper()
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def _negated(m: re.Match[str]) -> str:
    aux = m.group("aux")
    full = _IRREGULAR.get(aux.lower())
    if full is not None:
        return _case(aux, full)
    return f"{aux} not" if not aux.isupper() else f"{aux} NOT"


def _perfect(m: re.Match[str], perfect: str, plain: str) -> str:
    after = m.group("next") or ""
    word = perfect if after.strip().lower() in _PERFECT else plain
    return f"{m.group('who')} {word}{after}"


def expanded(text: str) -> str:
    """``text`` with each contraction written out in full (see the module's docstring)."""
    if "'" not in text and "’" not in text:
        return text
    out = _NEGATED.sub(_negated, text)
    out = _AFTER_PRONOUN.sub(lambda m: f"{m.group('who')} {_VERB[m.group('v').lower()]}", out)
    out = _WOULD.sub(lambda m: _perfect(m, "had", "would"), out)
    out = _IS.sub(lambda m: _perfect(m, "has", "is"), out)
    out = _NAME_IS.sub(lambda m: f"{m.group('who')} is", out)
    return _LET_US.sub(lambda m: f"{m.group('let')} us", out)
