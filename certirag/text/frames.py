"""Quote frames: does a passage quote a sentence only to deny, doubt or suppose it?

A sentence copied whole from a passage says what the passage says — unless the passage
says it in order to refute it ("A rumour spread that the bank would close. The bank will
close all branches in 2026. The bank said this is false."), to attribute it to a doubter
("Critics claimed …"), or to suppose it ("Consider a hypothetical scenario: …"). The
quote rule of ``certirag.policy.v3`` asks :func:`quote_frame` about the sentence and its
two neighbours before it lets a verbatim copy pass without the model; the model then
scores the claim against that neighbourhood, and a contradiction there blocks it.

Every span that decides a claim is asked too, not only a verbatim copy: a claim bound to a
denied sentence is no better supported than its copy.

A cue frames a sentence only when it is about that sentence. News text is full of cue words
that frame nothing next to them ("He is alleged to have told a contact that …", "a spokesman
said they did not want …", "rave reviews from critics"), and reading each as a frame withheld
faithful summaries as often as it caught false ones. So an adverb must govern words the claim
uses, a report before the sentence must introduce it rather than carry a content of its own,
and a denial after it must point back to it (or come from the sentence's own subject).

The cue lists are small and deterministic. They are re-derived with the deterministic checks
(a certificate's ``checks`` version, ``certirag.checks.v24``, fixes them); a frame they find
is recorded as the reason ``quote_framed`` with the cue.
"""

from __future__ import annotations

import re

__all__ = ["answered_no", "bears_on", "quote_frame", "shared_words"]

# In the sentence itself: a label (at its start) or an adverb of belief, doubt or supposition.
_SELF_LABEL = re.compile(
    r"^\W*(?:myth|rumou?r|claim|false|fake|fiction|misconception|hoax|hypothetically|"
    r"suppose|imagine|what if)\b\W*", re.IGNORECASE)
_SELF_ADVERB = re.compile(
    r"\b(?:allegedly|supposedly|purportedly|reportedly|rumou?red|hypothetical(?:ly)?|"
    # a popular belief, the setting of a myth: "Many people believe that …"
    r"(?:some|many|most) (?:\w+ )?(?:still )?(?:believe|think|assume)(?: that)?|"
    # a view put by some, not by the passage: "Some commentators have argued that …"
    r"(?:some|many|several|a few) (?:\w+ ){0,2}?(?:have |had )?(?:argued|claimed|suggested|"
    r"speculated|contended|maintained)(?: that)?|"
    r"(?:some|many|several|a few) (?:\w+ ){0,2}?(?:have been|had been|are|keep) saying(?: that)?|"
    # a proposal, not what was decided: "One club proposed that …"
    r"(?:proposed|proposes) that|"
    # a question put, not answered: "Several students have asked us whether 'the evening
    # courses lead to …'" (checks v20)
    # (or "A few of you have asked whether it's true that I'm closing on Fridays", unless
    # the sentence after confirms it: checks v23)
    r"(?:asked|asks|wondered|wonder|wonders|wondering) (?:\w+ ){0,2}?(?:whether|if) "
    r"?(?:['\"‘“]|(?P<true>it(?:['’]s|\s+is) (?:really )?true that))|"
    # a rumour heard, not the passage's word: "We've seen a rumour on wedding forums that
    # 'Hollins Barn charges corkage …'"
    r"an? (?:\w+ )?rumou?r (?:(?:on|in|among|about|circulating|going round|online) "
    r"(?:\w+ ){0,3}?)?that|"
    # "A rumour has circulated on the club forum that '…'", "the rumour going around is
    # true – that '…'" (checks v21)
    r"(?:an?|the) (?:\w+ )?rumou?r (?:has |had |have )?(?:circulated|spread|been circulating|"
    r"been going (?:round|around)|going (?:round|around)|doing the rounds)(?: (?:\w+ ){0,6}?)?"
    r"(?:that|–|—|-) ?(?:that )?['\"‘“]|"
    # what others were told, quoted: "Some customers have been told by door-to-door sellers
    # that '…'" (checks v21)
    r"(?:have|has|had|were|was) (?:been )?told (?:by (?:[\w'’-]+ ){1,4}?)?that ['\"‘“]|"
    # a supposition: "If the studio were to move to Saturday-only sessions, the beginner
    # course would be shortened …" (not for a claim that supposes it too)
    r"(?P<cf>^\W*(?:even )?if (?:[\w'’-]+ ){1,8}?(?:were|was) to [^,;]{1,80}(?=,)"
    # a supposition quoted as an example: "… give an example: 'If the trip were cancelled
    # because of weather, passengers would be offered …'" (checks v21)
    r"|(?<=['\"‘“])(?:even )?if (?:[\w'’-]+ ){1,8}?were [^,;]{1,80}(?=,[^.;]{0,120}?\bwould\b))|"
    r"it is (?:widely|commonly|often|popularly) (?:believed|thought|assumed)(?: that)?|"
    # a mistaken reading, the passage's setting for what it corrects: "It's easy to assume
    # that a voucher 'can be used on any day'", "We often hear that …"
    r"it(?:['’]s| is) (?:easy|tempting|natural|common|understandable) to (?:assume|think|"
    r"believe|imagine|suppose)(?: that)?|"
    r"(?:we|you|people|members|customers|parents|patients|visitors) (?:often |sometimes |"
    r"frequently |regularly |still )?hear(?: it said)? that|"
    # one side's word, given as such: "Achebe claimed that …", "It was alleged that …",
    # "Critics say that …"
    r"(?:claim(?:s|ed)|alleg(?:es|ed)|speculat(?:es|ed)|insist(?:s|ed)|purport(?:s|ed)|"
    r"argu(?:es|ed)|contend(?:s|ed)) that|"
    # a judgement in someone's quoted words: "Critic Helen Marsh called its tasting menu
    # 'the best in the city'" (not a name: "often called a 'landseer'", "called 'downtempo'")
    r"(?P<call>call(?:s|ed)) (?:(?:a|an|the) )?(?!(?:a|an|the) )[\w'’-]+ (?:[\w'’-]+ ){0,3}?"
    r"['\"‘“](?=\w)|"
    r"it (?:is|was|has been|had been) (?:alleged|claimed|rumou?red|speculated) that|"
    r"(?:critics|sceptics|skeptics|opponents|detractors) (?:\w+ ){0,3}?(?:say|said|claim|"
    r"claimed|argue|argued|insist|insisted)(?: that)?|"
    r"a (?:common|popular|widespread|persistent|local|long-standing|old|frequent) (?:belief|"
    r"misconception|myth|legend|story|tale|worry|fear|concern|assumption) "
    r"(?:(?:among|in|about|of) (?:\w+ ){1,3}?)?"
    # "A common worry we hear is that …"
    r"(?:(?:we|you|people|members|customers|parents|patients) (?:often |sometimes )?"
    r"(?:hear|get|see|come across) )?"
    r"(?:is |holds |has it |says |goes |claims )?that|"
    # a label that carries what it labels: "We often hear the myth that …"
    r"(?:the|this|that) (?:\w+ )?(?:myth|misconception|rumou?r|fallacy|old wives' tale) that|"
    # what some believed or reports said, not the passage's finding: "For two decades,
    # researchers hypothesised that …", "Reports last week suggested that …"
    r"(?:researchers|scientists|experts|analysts|officials|historians|doctors) "
    r"(?:\w+ ){0,2}?(?:had |have )?(?:hypothesi[sz]ed|theori[sz]ed|speculated|assumed|"
    r"suspected)(?: that)?|"
    r"(?:(?:media|press|news|early|earlier|initial|unconfirmed) )?reports? (?:\w+ ){0,3}?"
    r"(?:suggested|claimed|speculated)(?: that)?|"
    # an earlier text the passage says was replaced: "An earlier version of the leaflet
    # stated that …"
    r"(?:an? |the )(?:earlier|previous|former|old|original) (?:version|edition|draft) "
    r"(?:\w+ ){0,4}?(?:stated|said|claimed|advised|recommended)(?: that)?|"
    # a supposition put forward, not the passage's finding: "One early hypothesis held that
    # …", "A theory suggested that …"
    r"(?:an?|one|the|this|that|another) (?:\w+ )?(?:hypothesis|theory|conjecture|"
    r"speculation) (?:held|was|stated|suggested|proposed|posited|claimed|maintained|"
    r"argued)(?: that)?|"
    # a denial that carries what it denies: "It is a myth that …", "There is no evidence
    # that …", "The claim that … has been debunked."
    r"(?:it is|it's|it was) (?:a (?:\w+ )?)?(?:myth|misconception|not true|untrue|false|"
    r"wrong|incorrect) that|"
    r"there (?:is|was|has been) (?:no|little|not (?:a shred of|any)) (?:good |real |"
    r"scientific |clinical )?(?:evidence|proof|basis|support) (?:for the (?:\w+ )?that|"
    r"(?:to suggest |to show |showing )?that)|"
    r"(?:(?:the|this|that|a|these|those) )?(?:popular |common |old |widespread |online )?"
    r"(?:claims?|ideas?|notions?|beliefs?|myths?|rumou?rs?|suggestions?|theor(?:y|ies)|"
    r"assertions?|stories|reports?)(?: (?!that\b)[\w'’-]+){0,5}? that"
    r"(?=.*\b(?:debunked|disproved|refuted|"
    r"rejected|dismissed|false|untrue|wrong|baseless|unfounded|a myth|not true|"
    r"no basis)\b))\b",
    re.IGNORECASE)
# The sentence before, a label: it names what follows a rumour, a myth or a fake.
_BEFORE_LABEL = re.compile(
    r"\b(?:rumou?rs?|myths?|misconceptions?|hoax(?:es)?|conspiracy theor(?:y|ies|ists?)|"
    r"hypothetical|a common belief|people often think|"
    # a fake names what follows only as a thing that carries words: "A fake press release
    # circulated.", "The letter was forged." — not "fake tan", not "called him 'fake'"
    r"(?:fake|forged|doctored|bogus)\s+(?:\w+\s+)?(?:press\s+)?(?:releases?|statements?|"
    r"letters?|reports?|news|stor(?:y|ies)|posts?|tweets?|e-?mails?|messages?|documents?|"
    r"memos?|quotes?|videos?|photos?|images?|pictures?|accounts?|websites?|pages?|"
    r"articles?|announcements?|notices?|screenshots?|recordings?|audio|leaks?)|"
    r"(?:is|was|were|are|been)\s+(?:a\s+)?(?:fake|forged|doctored|bogus)(?=\W*$))\b",
    re.IGNORECASE)
# The sentence before, a report: someone claims, believes or supposes — what follows only
# when the report says nothing of its own (see _introduces).
_BEFORE_REPORT = re.compile(
    r"\b(?:allegations? (?:that|of)|alleged (?:that|to)|claimed (?:that|to)|claims? (?:that|was)|"
    r"(?:made|makes|make|repeated) (?:\w+ ){0,2}?claims?|"
    r"(?:claimed|alleged|believes?|believed|insisted|asserted) (?:the following|as follows)|"
    r"(?:critics|sceptics|skeptics|opponents) (?:\w+ ){0,4}?(?:say|said|claim|claimed|argue|"
    r"argued|believe|made|insist|insisted)|"
    r"(?:some|many) (?:\w+ )?(?:still )?(?:believe|say|claim|think|argue)|"
    r"it (?:is|was|has been) (?:said|claimed|rumou?red|suggested|alleged)|"
    r"(?:^\W*|\b(?:let us|let's) )(?:suppose|imagine|consider)|consider (?:a|the|this) "
    r"(?:hypothetical|scenario|situation|case)|for the sake of argument)\b",
    re.IGNORECASE)
# A label that carries what it labels ("It is a myth that goldfish have a memory of only
# three seconds."): the sentence after it is no part of the myth.
_OWN_CONTENT = re.compile(r"\s+(?:is\s+)?that\s+\S+\s+\S+", re.IGNORECASE)
# A report that points past itself: "made the following claim", "goes as follows", "this:".
_POINTS_ON = re.compile(r"\b(?:the following|as follows|one claim)\b|\b(?:this|these)\W*$|:\s*$",
                        re.IGNORECASE)
# The sentence after, referring back: "This is false.", "The bank said this is false.",
# "The mayor denied the report.", "The court found this claim to be false."
_BACK = (r"(?:(?:this|that|these|those|the|such) (?:\w+ )?(?:claims?|reports?|rumou?rs?|"
         r"allegations?|story|stories|statements?|figures?|release|idea|belief|scenario|"
         r"example|account|post|views?|arguments?|theor(?:y|ies)|suggestions?|notion|"
         r"assertions?|interpretations?|reading|position)|this|that|it|these|those)")
# An FAQ's answer before its denial: "A: No, this is a common myth." (checks v22)
_ANSWERED = r"^\W*(?:A\W+)?(?:(?:no|nope|not at all|not so)\b\W*)?"
_MYTH = (r"(?:an?|just an?)\s+(?:(?:common|popular|widespread|persistent|old|urban|complete)\s+)?"
         r"(?:myth|rumou?r|misconception|misunderstanding)")
_AFTER = re.compile(
    r"(?:" + _ANSWERED + r"|\b(?:said|says|stated|added|insisted|"
    r"confirmed|found|replied|but|however,?|"
    r"clear|clarify|clarified|stress|stressed|emphasi[sz]e|emphasi[sz]ed)\s+"
    r"(?:that\s+)?)" + _BACK + r"\s+(?:claim\s+)?(?:is|was|are|were|to be|has been|had been)\s+"
    # (an FAQ's answer: "A: No, this is a common myth." checks v22)
    r"(?:not true|false|untrue|incorrect|wrong|baseless|unfounded|misleading|fake|fictional|"
    + _MYTH + r")|"
    # a denial that ends its sentence (checks v19): "That's a myth.", "This is not
    # correct.", "… withdraw the flyer, as this claim is incorrect."
    r"(?:" + _ANSWERED + r"|\b(?:as|because|but|however,?)\s+)" + _BACK + r"(?:['’]s|\s+(?:is|"
    r"was|are|were))\s+(?:simply\s+)?(?:not (?:true|correct|accurate|right)|false|untrue|"
    r"incorrect|inaccurate|wrong|misleading|fake|" + _MYTH + r")\W*$|"
    # "I'm afraid that's just a rumour; we haven't made any such change." (checks v21)
    r"^\W*(?:i['’]m afraid,? |sadly,? |unfortunately,? )?" + _BACK + r"(?:['’]s|\s+(?:is|was))"
    r"\s+(?:just|only|simply|merely|nothing but)\s+(?:an?\s+)?(?:rumou?r|myth|hearsay|"
    r"speculation|gossip)\b|"
    # "That example describes a scheme we trialled in 2022 and no longer operate." (v21)
    r"^\W*" + _BACK + r"\s+(?:[\w'’-]+\s+){0,10}?(?:no longer|not any more|not anymore) "
    r"(?:operate|run|offer|apply|applies|exist|exists|use|provide)\b|"
    # "That isn't correct." (checks v20)
    r"(?:^\W*|\b(?:as|because|but|however,?)\s+)" + _BACK + r"\s+(?:isn['’]t|wasn['’]t|"
    r"aren['’]t|weren['’]t)\s+(?:simply\s+)?(?:true|correct|accurate|right)\W*$|"
    # the answer to a question the passage was asked: "They do not.", "It doesn't."
    r"^\W*(?:they|it|this|that)\s+(?:do|does|did|will|can|are|is)(?:\s+not|n['’]t)\W*$|"
    # "This is not the case." (not "… not the case for gift cards": an exception)
    r"^\W*" + _BACK + r"(?: (?:is|was|are|were) |['’]s )(?:simply )?not the case"
    # (a place by its name, capitalised: "at weekends" is an exception, not a denial)
    r"(?: here| at all| in practice| for us"
    r"| at (?-i:[A-Z])[\w'’-]*(?: (?-i:[A-Z])[\w'’-]*){0,3})?\W*$|"
    # "The committee does not accept this.", "We do not agree with this view."
    r"\b(?:does|do|did) not (?:accept|agree with|endorse|share|support|make) " + _BACK +
    r"(?=\W*$|\s*[.,;:!?])|"
    r"\b(?:denied|denies|deny|refuted|refutes|rejected|debunked|dismissed|retracted|"
    r"withdrew|corrected) " + _BACK +
    r"(?=\W*$|\s*[.,;:!?]|\s+(?:as|and|on|in|at|outright|entirely|completely)\b)|"
    r"\bruled " + _BACK + r" out\b|\bruled out " + _BACK + r"(?=\W*$|\s*[.,;:!?])|"
    # "This advice was withdrawn in the 2023 revision."
    r"^\W*(?:this|that|these|those|the|such) (?:\w+ )?(?:advice|claims?|statements?|reports?|"
    r"rule|polic(?:y|ies)|guidance|recommendations?|information|suggestion|story|figures?|"
    r"hypothesis|theory|idea|view) (?:was|were|has been|have been|had been) (?:later |since "
    r"|subsequently |quickly |formally )?(?:withdrawn|retracted|corrected|removed|replaced|"
    r"superseded|debunked|discredited|disproved|refuted|rejected|denied|dismissed|"
    r"abandoned)\b|"
    # "A 2024 study tested this and found no link between …"
    r"\b(?:found|find|finds|showed|show|shows|saw) no (?:clear |significant |such |real )?"
    r"(?:link|evidence|connection|association|support|effect|benefit|correlation)\b|"
    r"\bno (?:evidence|truth) (?:for|of|in|to|to support) " + _BACK + r"|\bnever happened\b|"
    r"\b(?:found|find|finds|showed|show|shows|shown|saw|see|sees) no such (?:effect|link|"
    r"benefit|thing|evidence|connection|change)s?\b|\bthere (?:is|was) no such thing\b|"
    r"\b" + _BACK + r" (?:later |has since |have since )?(?:turned out|proved|proven|was shown|"
    r"has been shown) to be (?:false|untrue|wrong|fake|a hoax|fictional|baseless)\b|"
    r"\bin fact,? (?:no|the opposite)|^\W*in reality\b|\bhowever,? this\b",
    re.IGNORECASE)
# The sentence after, a denial by the sentence's own subject: "Orion Motors said it did not".
_DENIES = re.compile(
    r"^(?P<who>.{0,60}?)\b(?:said|says|stated) (?:it|they|he|she) (?:did|does|had|has|was|is|"
    r"were) not\b", re.IGNORECASE)

# A claim that reports the frame itself ("The alleged kidnapper …", "Critics claimed …",
# "He was charged with …") says what the passage says.
_REPORTS = re.compile(
    r"\b(?:alleged(?:ly)?|alleges?|allegations?|claim(?:s|ed)|whether|accus(?:ed|es|ation)|reportedly|"
    r"rumou?r(?:s|ed)?|(?:said|reported)\s+to\s+(?:be|have)|supposedly|purportedly|hypothetical(?:ly)?|"
    # a charge brought, not a price ("charges corkage of £15", "are charged £15", checks v20)
    r"charged (?:with|over|in connection)|charged(?=\W*$)|charges? (?:with|against|over)|"
    r"(?:pressed|press|dropped|drop|faces?|faced|facing|criminal|brought|bring|filed|file) "
    r"(?:\w+ )?charges|charges of (?![£$€\d]|about|around|up to|approximately|roughly)|"
    r"suspect(?:s|ed)?|"
    # a court's trial, not a study's ("The Calvera-2 trial showed …" reports no frame)
    r"suspicion|(?:on|stand|stands|stood|standing|face|faces|faced|await|awaits|awaiting) "
    r"trial|trial (?:of|for|over|at|court|judge)|(?:murder|criminal|fraud|jury) trial|"
    r"denie[sd]|deny|arrested|believ(?:e|es|ed)|think|thinks|assum(?:e|es|ed)|"
    r"argu(?:e|es|ed)|contend(?:s|ed)?|speculat(?:e|es|ed)|insist(?:s|ed)?|"
    # a claim of what someone says, calls or insists reports the saying
    r"say|says|said|saying|call(?:s|ed)|propos(?:e|es|ed)\s+(?:that|to)|hear(?:s|d)?\s+that|"
    r"myths?|misconceptions?)\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
# A quotation in the claim: quotation marks that are no apostrophes.
_QUOTED = re.compile(r"(?<!\w)['\"‘“](.{12,}?)['\"’”](?!\w)")
# A label inside a report of an offence ("pleaded guilty to sending a hoax", "jailed for a
# fake") names the offence, not what follows it.
_OFFENCE = re.compile(r"\b(?:pleaded|pleads|admitted|admits|convicted|guilty|jailed|"
                      r"sentenced|charged|accused|arrested|fined)\b", re.IGNORECASE)
_STOP = frozenset("""a an the of and or to in on at by for with from is are was were be been
has have had it its this that these those as he she they his her their who which what when
where how not no but so if then than there here will would can could may might""".split())


def _content(text: str) -> set[str]:
    words = (w.strip("'’").lower() for w in _WORD.findall(text))
    return {w for w in words if w not in _STOP and len(w) > 2}


def bears_on(claim: str, sentence: str) -> bool:
    """Whether ``sentence`` (of a span that decides ``claim``) says something the claim
    says: it shares two of the claim's content words (one for a claim of one). A fused
    span can carry a sentence that only shares a subject with the claim ("Analysts claimed
    the bank would cut its dividend." beside "Jonas Berg will lead the bank …"); a denial
    of that sentence is no denial of the claim."""
    words = _content(claim)
    return len(words & _content(sentence)) >= min(2, max(1, len(words)))


def shared_words(claim: str, sentence: str) -> int:
    """How many content words ``sentence`` shares with ``claim``."""
    return len(_content(claim) & _content(sentence))


def _restates(part: str, sentence: str) -> bool:
    """Whether ``part`` (a report's own content) says much of what ``sentence`` says."""
    words = _content(sentence)
    return bool(words) and len(words & _content(part)) >= max(2, (len(words) + 1) // 2)


def _introduces(before: str, m: re.Match[str], sentence: str) -> bool:
    """Whether the report cue ``m`` in ``before`` introduces the next sentence: the report
    says next to nothing of its own ("Critics made one claim repeatedly.", "The defendant
    claimed the following:"), or what it reports is what the sentence says."""
    rest = before[m.end():]
    if _POINTS_ON.search(before) is not None:
        return True
    head = before[:m.start()]
    if head.rstrip().endswith(",") and len(_content(head)) >= 3 and len(_content(rest)) <= 1:
        # a report that trails its own content ("… was punched by officers, it was claimed
        # today.") attributes what it follows, not the next sentence
        return _restates(head, sentence)
    return len(_content(rest)) <= 1 or _restates(rest, sentence)


def _governed(sentence: str, m: re.Match[str]) -> str:
    """The words a cue ``m`` in ``sentence`` governs: up to the next comma or semicolon
    (from the verb on for a cue that takes an object: "called its menu 'the best'"; the
    clause after its condition for a supposition: "If … were to …, the course would …")."""
    start = m.end("call") if m.re.groupindex.get("call") and m["call"] else m.end()
    if m.re.groupindex.get("cf") and m["cf"]:
        # a supposition governs the clause after its condition
        return sentence[start:].lstrip(" ,").split(";", 1)[0]
    return re.split(r"[,;]", sentence[start:], maxsplit=1)[0]


def _scoped(sentence: str, m: re.Match[str], claim: str) -> bool:
    """Whether an adverb cue ("allegedly") reaches what the claim says: the claim uses the
    words the cue governs (up to the sentence's next comma or semicolon), or there is no
    claim to compare."""
    if not claim:
        return True
    governed = _governed(sentence, m)
    words = _content(claim)
    return len(words & _content(governed)) >= min(2, max(1, len(words)))


def _same_speaker(after: str, sentence: str) -> bool:
    m = _DENIES.search(after)
    if m is None:
        return False
    names = {w for w in _WORD.findall(m["who"]) if w[0].isupper()} - {"The", "A", "An"}
    return bool(names & set(_WORD.findall(sentence)))


def quote_frame(before: str, sentence: str, after: str, claim: str = "") -> str | None:
    """The cue that frames ``sentence`` (between its neighbours ``before`` and
    ``after`` in the same passage; empty strings when there are none) as denied,
    doubted or supposed, or ``None`` when nothing does or when the ``claim`` the
    sentence supports reports the frame itself.

    A cue frames the sentence only when it is about it: an adverb in the sentence must
    govern words the claim uses ("was arrested for allegedly stealing" frames a claim of
    the theft, not of the arrest); a report in the sentence before must introduce the
    sentence, not carry a content of its own ("Critics claimed that the plan would fail"
    frames nothing after it); a denial after must point back ("This is false.", "The
    bank denied the report.") or come from the sentence's own subject."""
    if claim and _REPORTS.search(claim):
        return None
    # first found, first said: the later rules are not run once one frames the sentence
    cue = _self_cue(sentence, claim, after)
    where = "in the sentence"
    if cue is None:
        cue, where = _before_cue(before, sentence), "before it"
    if cue is None:
        cue, where = _after_cue(after, sentence), "after it"
    if cue is None and answered_no(sentence, after):
        # an FAQ's yes/no question its answer denies: "Q: Do I need a new meter?" before
        # "A: No, you can keep your existing meter." (checks v23)
        cue, where = after.split(",")[0].split(".")[0], "after it"
    return None if cue is None else f"{cue.strip(' :') or ':'!r} {where}"


# A yes/no question, an FAQ's "Q:" before it or not: "Q: Do I need a new meter?"
_YES_NO_QUESTION = re.compile(r"^\W*(?:Q\s*[:.)–-]\s*)?(?:do|does|did|is|are|was|were|will|"
                              r"would|can|could|should|shall|may|must|have|has|had)\b[^?]*\?\W*$",
                              re.IGNORECASE)
# An answer "No" (not "No. 42", "No-fee changes", "No one …") that nothing after it in its
# sentence qualifies ("No, except after 6pm" answers a narrower question)
_ANSWER_NO = re.compile(r"^\W*(?:A\s*[:.)–-]\s*)?(?:no|nope)(?:\s*[,.;:!–—]|\s+-)(?!\s*\d)"
                        r"(?![^.]*\b(?:except|unless|but|only|apart from|other than)\b)",
                        re.IGNORECASE)


def answered_no(question: str, answer: str) -> bool:
    """Whether ``answer`` answers the yes/no ``question`` before it "No" (checks v23)."""
    return _YES_NO_QUESTION.match(question) is not None and _ANSWER_NO.match(answer) is not None


# what confirms a question the passage was asked: "Yes, it is.", "I can confirm that …"
_CONFIRMS = re.compile(r"^\W*(?:yes\b|it\s+is\b|it['’]s\s+true|that['’]s\s+(?:right|true|correct)|"
                       r"i\s+can\s+confirm|we\s+can\s+confirm|this\s+is\s+(?:true|correct))",
                       re.IGNORECASE)


def _quotes(claim: str, sentence: str, m: re.Match[str]) -> bool:
    """Whether the claim puts the words the cue ``m`` governs in quotation marks ("Lehnardt,
    35, 'allowed her daughter to drink'"): it gives them as someone's words, as the
    sentence does."""
    governed = _content(_governed(sentence, m))
    return any(len(_content(q) & governed) >= 2 for q in _QUOTED.findall(claim))


def _self_cue(sentence: str, claim: str, after: str = "") -> str | None:
    if (m := _SELF_LABEL.search(sentence)) is not None:
        return m.group(0)
    m = _SELF_ADVERB.search(sentence)
    if m is not None and m["cf"] and _SUPPOSES.search(claim):
        return None
    if m is not None and m["true"] and _CONFIRMS.match(after):
        return None  # "asked whether it's true that …" and then "Yes, it is."
    return m.group(0) if m is not None and _scoped(sentence, m, claim) and not _quotes(
        claim, sentence, m) else None


# a claim that supposes what the sentence supposes ("… would be shortened")
_SUPPOSES = re.compile(r"\b(?:if|would|were to|when|whenever|in the event)\b", re.IGNORECASE)


def _before_cue(before: str, sentence: str) -> str | None:
    if not before:
        return None
    # (a sentence that denies what came before it, "I'm afraid that's just a rumour; …",
    # labels that, not the sentence after it: checks v21)
    if (m := _BEFORE_LABEL.search(before)) is not None and not _OFFENCE.search(
            before, 0, m.start()) and not _OWN_CONTENT.match(before[m.end():]) \
            and _AFTER.search(before) is None:
        return m.group(0)
    # (a report denied, "Brightfield Solar does not make this claim.", introduces nothing)
    return next((m.group(0) for m in _BEFORE_REPORT.finditer(before)
                 if _introduces(before, m, sentence)
                 and not _NOT_BEFORE.search(before, max(0, m.start() - 16), m.start())), None)


_NOT_BEFORE = re.compile(r"(?:\b(?:not|never)|n['’]t)\s+(?:\w+\s+)?$", re.IGNORECASE)


def _after_cue(after: str, sentence: str) -> str | None:
    if not after:
        return None
    if (m := _AFTER.search(after)) is not None:
        return m.group(0)
    return "said … not" if _same_speaker(after, sentence) else None
