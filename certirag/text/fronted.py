"""A sentence's opening phrase moved to the end of its main clause (scorer
``certirag.scorer.v9``).

Our small NLI model reads a sentence that opens with a phrase set off by a comma much worse
than the same sentence with the phrase after its verb: "Across 21 grants, the fund paid out
£58,300 in 2023." scores P(entailment) 0.06 against a span that says so, and "The fund paid
out £58,300 in 2023 across 21 grants." 0.85 (``python benchmarks/fronted.py``).
:func:`moved` writes a sentence that opens with a prepositional or subordinate phrase ("In
2019, …", "Across 21 grants, …", "If you are late, …", "Under the new rules, …") with that
phrase at the end of its main clause: before the next comma, or at the end of the sentence.
The scorer reads a claim so (:func:`certirag.bound.claim_readings`), and reads each sentence
of a span so as one more piece of it (:func:`certirag.bound.claim_pairs`).

The two readings say the same: the phrase modifies the main clause wherever it stands. A
sentence is left as written where moving the phrase could change what it says or what its
words lean on:

* the phrase opens with "after", "before" or "following": in a ranked list ("After children
  with special educational needs, places go to …") it orders the items, not the time;
* the clause after the phrase is short (fewer than three words before its first comma), is
  a list ("Tea, coffee and cake, …"), opens with a phrase of its own or with a word that
  leans on the phrase ("…, and", "…, most of them"), or joins, before its first comma,
  another clause the phrase could be read into ("; in rare cases …", "… is free and for
  children it costs £10", "… whereas …");
* the sentence opens with an amount, not a phrase ("Around 40 people signed up, …", "Under
  10% of applicants …", "Under no circumstances, …");
* the words after the main clause's comma lean on what is before it: a relative ("…, which
  is 7.49% at the moment") or a name set beside it ("…, Alan Mercer, …");
* the sentence asks a question, is longer than 1,000 characters, or the phrase is longer
  than 90 characters or holds a comma, semicolon or colon.

Only the model reads these sentences: the deterministic checks, the certificate and the
rendered answer keep them as written.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["moved"]

# the words an opening phrase may start with (prepositions and subordinators of time,
# place, condition, cause and manner); not "after", "before", "following" (see above)
_OPENERS = ("in on at during across since from for by under over with without between until "
            "till through throughout despite unlike because if when whenever once unless "
            "although though while whilst as among amongst within outside inside along around "
            "upon besides beyond").split()
_FRONT = re.compile(
    r"^(?P<front>(?:" + "|".join(w.capitalize() for w in _OPENERS) + r")\b[^,;:?!]{1,90}?), "
    r"(?P<rest>[^?]+)$")
_LISTY = re.compile(r"^[^,]*\b(?:and|or)\b[^,]*,")
# what leans on the words before a comma: a relative, or a name set beside them
_LEANS = re.compile(r"^(?:which|who|whom|whose|where|when)\b|^(?!I\b)[A-Z]")
# an amount, not a phrase: "Around 40 people signed up, …", "Under 10% of applicants …",
# "Under no circumstances, …"
_AMOUNT = re.compile(r"^(?:Over|Under|Around|Upwards\s+of)\s+(?:\d|no\b|half\b|a\s+(?:third|"
                     r"quarter|half|dozen)\b|one|two|three|four|five|six|seven|eight|nine|ten|"
                     r"twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|some|nearly|"
                     r"almost|about)", re.IGNORECASE)
# in the main clause, another clause the phrase would be read into: "…; in rare cases …",
# "… is free and for children it costs £10", "… whereas …"
_NEW_CLAUSE = re.compile(r";|\s(?:whereas|while|whilst)\s|\s(?:and|but|or)\s+(?:for|in|on|at|"
                         r"during|from|with|when|if|after|before|under|over)\s", re.IGNORECASE)
_OPENS_ON = re.compile(r"^(?:and|but|or|most|many|some|all|none|both|each|which|who|will|"
                       r"would|can|could|should|must|may|do|does|did|is|are|was|were)\b",
                       re.IGNORECASE)
_MIN_CLAUSE_WORDS = 3
_MAX_CHARS = 1000  # longer sentences are read as written


@lru_cache(maxsize=16384)
def moved(text: str) -> str | None:
    """``text`` with its opening phrase at the end of its main clause, or ``None`` where it
    opens with none or is left as written (see the module docstring)."""
    text = text.strip()
    if len(text) > _MAX_CHARS or _AMOUNT.match(text):
        return None
    m = _FRONT.match(text)
    if m is None:
        return None
    front, rest = m["front"], m["rest"].rstrip()
    end = rest[-1] if rest[-1:] in (".", "!") else "."
    rest = rest.rstrip(".!").rstrip()
    main = rest.split(", ", 1)[0]
    if not rest or len(main.split()) < _MIN_CLAUSE_WORDS or _LISTY.match(rest) \
            or _NEW_CLAUSE.search(main) or _OPENS_ON.match(rest):
        return None
    body = rest[:1].upper() + rest[1:]
    if _FRONT.match(body):
        return None  # a second opening phrase: "In 2019, at the age of 40, she …"
    phrase = front[:1].lower() + front[1:]
    if ", " not in body:
        return f"{body} {phrase}{end}"
    i = body.index(", ")
    if _LEANS.match(body[i + 2:]):
        return None
    return f"{body[:i]} {phrase}{body[i:]}{end}"
