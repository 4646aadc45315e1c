"""Sentences of an answer that assert nothing checkable: the first step of claim extraction
(:mod:`certirag.claims.extract`).

:func:`not_a_claim_reason` says why a sentence is no claim — a question, a greeting or a
speaker's opinion — or ``None`` when it is one. A question or greeting that carries a
figure, date, title or citation presupposes it and is a claim; an opinion that relates a
name to something ("I loved Tom Hanks in Inception."), that holds a clause or a figure, or
that advises what to take ("I'd suggest ibuprofen.") is a claim too. An opinion that names
one thing and relates it to nothing ("I'm a big fan of Christopher Nolan.") is the
speaker's; :func:`opinion_name` gives that name, which a pronoun after it stands for.
"""

from __future__ import annotations

import re

from certirag.claims.asked import AUX
from certirag.claims.frames import has_checkable, has_strong_checkable
from certirag.text.sentences import is_question

__all__ = ["asks_experience", "favourite_name", "not_a_claim_reason", "opinion_name",
           "performance_fact", "presupposed_fact"]

# The rest of a formula that runs on ("Thanks for your help", "Have a great weekend"), never
# past a clause's end: "Have a great day, the refund was approved." states something.
_TAIL = r"[^,;:.!?]*"
# Reassurance: no claim, unless it answers a yes/no question ("Is it normal to …?" "That's
# completely normal!" says yes).
_REASSURANCE_ONE = (
    r"(?:(?:totally|completely|perfectly|entirely) understandable"
    r"|(?:that['’]?s|that is|it['’]?s|it is)"
    r"(?: (?:completely|totally|perfectly|entirely|very|so))? "
    r"(?:understandable|normal|natural|no problem(?: at all)?)|(?:so )?try not to worry"
    r"|(?:it['’]?s|it is) (?:pretty|really|quite|very|fairly|all) (?:straightforward|simple|easy)"
    r"|good news|no problem at all)")
# "And …", "Oh, …" before a formula
_LEAD_IN = r"^(?:(?:and|but|oh|also),?\s+)?"
_REASSURANCE = re.compile(_LEAD_IN + r"(?:don['’]?t worry,?\s+)?" + _REASSURANCE_ONE + r"\b",
                          re.IGNORECASE)
_YES_NO_ASKED = re.compile(rf"(?:^|[.!?]\s+)(?:{AUX})\b[^.!?]*\?\s*$", re.IGNORECASE)
_GREETING_ONE = (
    r"(?:hi|hello|hey|dear\b@T|greetings|good (?:morning|afternoon|evening)"
    r"|thanks?(?: you)?(?: (?:so|very) much)?(?: for @T)?|thank you@T"
    r"|you'?re (?:very |most )?welcome"
    r"|no problem(?: at all)?|no worries(?: at all)?|no prob|any ?time"
    # "No panic!", "Don't panic!" (claims rules v18)
    r"|no panic|don['’]?t panic"
    r"|(?:it'?s |it was )?my pleasure|you too"
    r"|same to you|(?:i'?m |so )?(?:glad|happy) (?:i could|to) (?:help|be of help)"
    r"|(?:i )?hope you(?: both| all| two)? (?:enjoy|like|love) (?:it|them|that|this|"
    r"the (?:\w+ )?\w+|your \w+)"
    r"(?: (?:too|as well))?"
    r"|(?:it was |it'?s been )?(?:nice|good|great|lovely) (?:talking|chatting) (?:to|with) you"
    r"|sure(?: thing)?"
    r"|of course|certainly|absolutely|okay|ok|(?:great|good|fair|interesting) question"
    r"|(?:i )?hope (?:this|that) helps@T|let me know if@T|feel free to@T"
    r"|(?:best|kind) regards@T|regards|cheers|bye|goodbye"
    r"|have a (?:nice|good|great|lovely|wonderful|fantastic|brilliant|safe) @T"
    r"|wow|oh|ooh|ah|aah|ha|haha|aw|aww|yay|eek|hmm|yes|no|yeah|nope|indeed"
    # a reaction to the topic: "Ah, a lovely bit of music history!"
    r"|(?:what |such )?an? (?:lovely|great|fun|fascinating|interesting|good|nice) "
    r"(?:bit|piece|slice) of (?:[a-z]+ ){0,2}(?:history|trivia|lore)"
    # a tag question seeking the listener's agreement: "Right?!" (an agreement itself,
    # "Definitely!", "Exactly!", answers a yes/no question: it stays a reply)
    r"|right\s*\?"
    # wishes and sympathy: "Enjoy!", "Safe travels!", "Sorry to hear that!", "Good luck!"
    r"|(?:and |so )?enjoy(?: it| (?:the|your) (?:new )?\w+"
    r"| \w+ing(?: (?:his|her|their|the|your|it|them)(?: \w+)?)?)?"
    r"|safe travels|travel safe"
    r"|(?:how )?exciting"
    # a compliment to the listener or their friend: "Your friend has good taste!"
    r"|(?:you|your \w+|they|he|she)(?: (?:has|have)|['’]ve) (?:(?:really|such|great) )?"
    r"(?:good|great|excellent|fine) taste"
    # the usual pointer to a professional: "Please check with your pharmacist if you have
    # any other concerns."
    r"|(?:please )?(?:do )?(?:check|speak|talk) (?:with|to) (?:your|a) (?:doctor|pharmacist|gp|"
    r"nurse|vet|dentist|midwife)(?: or (?:your|a) (?:doctor|pharmacist|gp|nurse))? if you have "
    r"any (?:other |further |more )?(?:questions|concerns|doubts)"
    r"|(?:and )?(?:the )?(?:good|best of) luck(?: (?:with|in|on|for) (?:the|your) (?:new )?\w+"
    r"| to (?:you|her|him|them|your \w+)(?: (?:both|all))?)?"
    r"|have a (?:blast|ball)|you(?:'re|’re| are) in for a (?:real )?treat"
    r"|take care|hi there|hello there|hey there|happy to (?:summari[sz]e|explain|clarify|assist)"
    r"|(?:i'?m |so )?sorry to hear (?:that|about (?:that|this|it))|get well soon"
    r"|have fun(?: with (?:your|the) \w+)?|welcome to the (?:club|neighbou?rhood|team|family)"
    r"|congrat(?:s|ulations)(?: on (?:the|your) (?:new )?\w+)?|(?:i )?(?:totally )?get it"
    r"|(?:i )?hear you|don['’]?t (?:panic|worry)"
    r"|happy (?:[a-z]+ing|travels|holidays)"
    # go-aheads, the choice praised, how it sounds: "Go for it!", "Lemon drizzle, good
    # choice!", "Sounds like a fun trip!", "Happy to help with that!"
    r"|go for it|(?:good|great|nice|excellent|solid) (?:choice|call|plan|idea)"
    r"|(?:that )?sounds like (?:a|an) (?:\w+ ){0,2}?(?:trip|plan|idea|day|time|evening|"
    r"weekend|night|outing|holiday|project|adventure)"
    r"|happy to help(?: (?:with|on) (?:that|this|it))?"
    # wishes and sympathy for the listener's own case: "Hope your pup feels better soon!",
    # "Fingers crossed it's a painless visit!", "Sorry you're having to deal with a recall
    # — never fun!", "Hope the rest of the holidays go well!", "Clear skies!"
    r"|(?:i )?hope (?:you|your|the|they|he|she|it|everything|all)\b[^.!?\d]{0,50}?\b(?:soon|"
    r"well|smoothly|fun|okay|ok|great|brilliant)"
    r"|fingers crossed\b[^.!?\d]{0,50}"
    r"|(?:i'?m |so )?sorry (?:you(?:'re|’re| are)|to hear)\b[^.!?\d]{0,60}?(?:[—–-]+ ?never "
    r"(?:fun|easy|nice))?"
    r"|clear skies|never fun|(?:so )?no need to (?:panic|worry)"
    # joy at what the listener did (claims rules v20): "Lovely to hear you made a mug!",
    # "So glad you enjoyed the taster!", "Great to hear from you!" (not "Good to know you
    # can cancel at any time", "Glad your warranty covers …": facts to check)
    r"|(?:(?:it'?s|it is) )?(?:so |really )?(?:(?:lovely|great|nice|good|wonderful|brilliant|"
    r"fantastic|glad|pleased|delighted|thrilled) to (?:hear|see)|glad|pleased|delighted|"
    r"thrilled) (?:from you|(?:that )?you(?:'ve| have)? (?:made|enjoyed|liked|loved|"
    r"tried|finished|completed)\b(?:(?!\b(?:that|and|which|but)\b)[^,;:.!?\d]){0,50})"
    r"|(?:that'?s|what) (?:a|such a) (?:lovely|great|nice|kind|wonderful|thoughtful|sweet) "
    r"(?:thing to do|idea|gesture|plan)"
    # sympathy (claims rules v16): "I'm so sorry for your loss.", "Hope you all have a great
    # evening!"
    r"|(?:i['’]?m |i am )?(?:so |very |truly |really )?sorry for your loss"
    r"|(?:i )?hope (?:you|y'all)(?: all| both)? (?:have|enjoy) (?:a|an|the|your) (?:\w+ ){0,2}?"
    r"(?:day|evening|night|time|weekend|trip|visit|stay|flight|holiday|show|party|game|"
    r"session|meal|ride)"
    # reassurance (claims rules v16), no claim unless it answers a yes or no: "Totally
    # understandable!", "That's completely normal, so try not to worry!", "It's pretty
    # straightforward!", "Good news!"
    r"|@R)"
).replace("@T", _TAIL).replace("@R", _REASSURANCE_ONE)
# Formulas one after another: "No problem, enjoy!", "You're welcome, have a great day!"
_GREETING = re.compile(_LEAD_IN + _GREETING_ONE + r"(?:[\s!.,:;]+"
                       + _GREETING_ONE + r")*[\s!?.,:;\"”’')]*$", re.IGNORECASE)
_TITLE_RUN = r"[A-Z][\w'’.-]*(?:\s+(?:(?:of|the|and|a|an|de|von|van)\s+)*[A-Z][\w'’.-]*)*"
_OPINION = re.compile(
    r"^(?:i|we)(?:\s+|(?=['’]))(?:really\s+|just\s+|also\s+|personally\s+|absolutely\s+)*"
    r"(?:like|liked|love|loved|adore|adored|enjoy|enjoyed|prefer|preferred|hate|hated|dislike"
    r"|disliked|feel|am (?:happy|glad|sad|sorry|excited|"
    r"pleased|thrilled)|think (?:it'?s|that'?s|this is) (?:great|good|bad|awful|amazing|"
    r"wonderful|fun|interesting)|find (?:it|this|that) (?:(?:really|so|very|super|quite) )?\w+"
    r"|wish|hope|can't wait|cannot wait"
    r"|(?:['’]m|am) (?:(?:so|really|very|super|just|also) )*(?:happy|glad|sad|sorry|excited|"
    r"thrilled|jealous|obsessed|hooked|curious|intrigued|(?:also )?a (?:big |huge )?fan)"
    # what the speaker is doing with the work: "I'm reading it right now!"
    r"|(?:['’]m|am) (?:(?:currently|still|just|actually) )?(?:reading|watching|"
    r"listening to|playing|re-?reading|re-?watching|binging|bingeing) (?:it|that|this|them)"
    r"(?: (?:right )?now| at the moment)?"
    r"|(?:(?:['’]ve|have) )?heard (?:so much |a lot of |many )?(?:great|good|amazing|nice)"
    r" things"
    r"|(?:['’]d|would) (?:really )?"
    r"(?:recommend|suggest|love|like)|recommend|(?:['’]m|am) not (?:sure|certain)"
    r"|(?:don't|do not) know"
    # what the speaker has seen, read or watched: their own experience
    r"|(?:['’]ve|have)(?:n['’]t| not| never| also| already)? (?:seen|read|watched|heard of|"
    r"listened to|been to)|(?:didn'?t|did not|never) (?:see|read|watch|hear of)"
    r"|(?:saw|watched|visited) "
    r"|(?:can't|cannot) remember"
    # what the speaker has not got to give: "I don't have that information.", "I couldn't
    # find anything about it."
    r"|(?:don'?t|do not) have (?:any |that |this |the |much |enough )?(?:(?:more|further|"
    r"specific|detailed|exact|precise|reliable) )?(?:information|info|details?|data|answer)"
    r"|(?:couldn'?t|could not|can'?t|cannot) (?:seem to )?find (?:any |that |this |the |"
    r"much )?(?:(?:more|further|specific) )?(?:information|info|details?|data|answer|anything))"
    r"\b",
    re.IGNORECASE,
)
# What a verdict may be about besides a name: a part of the work talked of ("The tension
# is so good.", "The soundtrack is gorgeous!").
_ASPECT_WORDS = (r"(?:tension|story|plot|ending|acting|writing|soundtrack|music|art|artwork|"
                 r"art style|animation|visuals|pacing|cast|characters|dialogue|twist|atmosphere|"
                 r"cinematography|score|humour|humor|gameplay|world|world-building|worldbuilding|"
                 r"vibe|vibes|mood|setting|prose|voice acting|narration|chemistry|finale|"
                 r"premise)")
# What a verdict may be about besides a name: the thing talked of.
_PRONOUN_NAMES = frozenset({"it", "that", "this", "that one", "this one", "he", "she", "they"})
# A verdict on a work or a person and nothing more: "Hearth Songs is gorgeous!",
# "Ironvale is so addictive!", "Caleb Dunmore is a legend!"
_VERDICT = re.compile(
    r"^(?P<name>" + _TITLE_RUN + r"|(?i:" + "|".join(sorted(_PRONOUN_NAMES, key=len, reverse=True))
    + r")|The " + _ASPECT_WORDS + r")"
    r"(?:['’]s|['’]re| is| was| are| were)(?: (?:so|really|very|just|absolutely|truly|pretty|"
    r"simply|honestly|such|totally|super))* (?:an? )?(?:great|good|awesome|amazing|cool|nice|"
    r"wonderful|fun|lovely|terrible|awful|gorgeous|stunning|beautiful|brilliant|fantastic|"
    r"incredible|superb|excellent|addictive|addicting|hilarious|perfect|epic|iconic|"
    r"underrated|overrated|boring|creepy|scary|funny|moving|gripping|chilling|touching|"
    r"mellow|catchy|legend|classic|masterpiece|gem|banger|must[- ](?:see|watch|read|listen|play)|"
    r"adorable|charming|delightful|cute|sweet|heartwarming|cosy|cozy|wholesome|relaxing|"
    r"fascinating|thrilling|exciting|magical|clever|witty|haunting|unforgettable|outstanding|"
    r"phenomenal|spectacular|breathtaking|tense|treat|joy|delight|blast|"
    r"comfort (?:watch|read|listen|game))"
    r"(?: (?:one|film|movie|book|song|show|album|record|game|series|read|band|track|player))?"
    r"[\s!.]*$")  # (case kept: "Now Is Good" is a title, no verdict)
_ASPECT = re.compile(rf"^the {_ASPECT_WORDS}$", re.IGNORECASE)
_OPINION_ONLY = re.compile(
    r"^(?:(?:(?:that|this|it)(?:'s| is| was| sounds| seems| looks)|sounds|seems|looks)"
    r"(?: like)? (?:an? )?(?:so |really |"
    r"very )?(?:great|good|awesome|amazing|cool|nice|wonderful|interesting|fun|lovely|"
    r"terrible|awful|sad|classic|masterpiece|gem|must[- ]see|must[- ]watch|must[- ]read)"
    r"(?: (?:choice|question|idea|pick|one|film|movie|book|song|show|"
    r"read|place|team))?"
    r"|how (?:interesting|nice|cool|wonderful|sad)|what a .*"
    # praise with no verb: "Super creepy, I loved it!", "Such a great Beatles record!"
    r"|(?:(?:oh|ooh|ah|wow),?\s+)?(?:(?:so|super|really|very|pretty|totally|absolutely|just)\s+)?(?:creepy|scary|funny|"
    r"great|fun|sad|moving|beautiful|boring|amazing|brilliant|gripping|chilling|hilarious|"
    r"touching|intense|gorgeous|stunning|epic|classic|nice|cool|awesome|lovely|wonderful|"
    r"excellent|exciting|fab|fabulous|neat|adorable|perfect)(?:,\s*i\s+(?:really\s+|just\s+)?"
    r"(?:loved|liked|enjoyed|love|like|adore|adored)\s+(?:it|that|this))?"
    # a verdict on the listener's choice: "Great pick!", "Good choice."
    r"|(?:(?:oh|ooh|ah|wow),?\s+)?(?:(?:such|what) an? )?(?:great|good|excellent|nice|fantastic|"
    r"brilliant|solid|fine|wise) (?:pick|choice|idea|question|call)"
    r"|perfect for an? (?:\w+ ){0,2}(?:binge|night|read|watch|evening|weekend|afternoon|day)"
    # the speaker could not stop: "I couldn't put it down."
    r"|i (?:couldn['’]t|could not|can['’]t|cannot) (?:put (?:it|them|that|this) down|stop "
    r"(?:watching|reading|playing|listening)(?: (?:it|them))?|get enough(?: of (?:it|them))?)"
    r"|such an? (?:\w+ )?(?:great|good|amazing|fun|classic|brilliant|lovely|beautiful|sad|"
    r"scary|funny|wonderful|fantastic) [\w' -]{1,40}"
    # a verdict with nothing of its own: "Totally worth it!", "Well worth a watch."
    r"|(?:(?:it'?s|it is|that'?s|definitely|totally|really|so|well|absolutely)\s+)*worth"
    r"(?: it| (?:the )?(?:watch|read|visit|listen|trip|wait|money|price)(?:ing)?"
    r"| an? (?:(?:deeper|closer|second|quick|proper|good) )?(?:watch|read|visit|listen|look|try))"
    # what the speaker knew: "I didn't know that!", "I had no idea.", "I knew that."
    r"|(?:i )?(?:didn'?t|did not|never) know(?: (?:that|this|it))?(?: (?:before|either))?"
    r"|i (?:had|have) no idea|i (?:did |do )?(?:already )?kn[eo]w (?:that|it)"
    r"|good to know|me too|same here|i agree"
    # the speaker's favourite, named by a pronoun: "That one's a favourite of mine!"
    r"|(?:that|this|it)(?: one)?(?:['’]s| is| was) (?:(?:a|one) (?:real |personal |big |"
    r"huge )?favou?rite of (?:mine|ours)|(?:one of )?my (?:very |all[- ]time |personal )?"
    r"favou?rites?)"
    # the speaker's favourite: "One of my favourite finals!"
    r"|(?:it(?:'s| is| was) |that(?:'s| is| was) )?one of my (?:very |all[- ]time |personal )?"
    r"favou?rite \w+(?: ever)?"
    # a verdict on the people or things talked of: "Both were brilliant to watch."
    r"|(?:both|both of them|they|the two of them) (?:were|are) (?:so |really |just |absolutely )?"
    r"(?:brilliant|great|amazing|fantastic|incredible|superb|excellent|wonderful|fun|"
    r"a joy|a treat)(?: to (?:watch|read|listen to|play|see))?"
    # an idiom of praise: "Running a mining town never gets old."
    r"|[^,;:.!?]{1,80}\bnever gets old"
    # advice to the listener to try the work: "You should check it out."
    r"|you (?:should|must|have to|need to|gotta|['’]ve got to|ought to)(?: (?:definitely|"
    r"totally|really|absolutely|so))? (?:check (?:it|them|this|that) out|watch it|read it|"
    r"listen to it|see it|play it|try it|give it a (?:try|go|listen|watch|read|shot))"
    r"(?: (?:sometime|soon|some time|if you can|too|if you haven['’]t(?: (?:yet|already))?"
    r"|if you get the chance))?"
    r"|no spoilers(?: please)?|let me know what you think)[\s!.]*$",
    re.IGNORECASE,
)
# Congratulations to a named party: "Well done to the Falcons!", "Congrats to Ana!"
_CHEER = re.compile(r"^(?:well done|congrat(?:ulation)?s|bravo|hats off|kudos)(?: to [^.!?]{1,40})?"
                    r"[\s!.]*$", re.IGNORECASE)
# A fact inside an opinion: a figure, or a clause ("I love that it was filmed in Iceland");
# "that" before a noun is a demonstrative ("I love that movie").
_FACTUAL_HINT = re.compile(r"\d|\bthat\s+(?:it|he|she|they|there|we|you|i|this|these|those)\b"
                           r"|\bbecause\b|\bsince\b|\bwhich\b|\bwho\b", re.IGNORECASE)

# A clause with its own subject after the opinion ("I'm not sure but it was filmed in
# Paris."): what it says of a name, a figure or a date is a claim.
_OWN_CLAUSE = re.compile(r"\b(?:but|though|although|and|so)\s+((?:it|he|she|they|there)\s.*)",
                         re.IGNORECASE)


def not_a_claim_reason(sentence: str, *, asked: str = "", answered: bool = False
                       ) -> str | None:
    """Why ``sentence`` asserts nothing checkable, or ``None`` when it is a claim. A
    greeting or sign-off that carries a figure, date, name, title or citation ("Let me know
    if the £500 allowance is not enough") is a claim, and so is a question that carries a
    figure, date, title or citation (it presupposes it). Reassurance ("That's no
    problem!") is a claim where it answers a yes/no question ``asked``, unless the reply
    has ``answered`` it already ("Yep, that's no problem!")."""
    s = sentence.strip()
    if not s:
        return "empty"
    if is_question(s):
        return None if has_strong_checkable(s) else "question"
    if _GREETING.match(s):
        if not answered and _REASSURANCE.match(s) and _YES_NO_ASKED.search(asked.strip()):
            return None  # "Can I bring my dog?" "That's no problem!": a yes, read as one
        return None if has_checkable(s) else "greeting"
    if _CHEER.match(s):  # "Well done to the Falcons!": a name, but no fact
        return None if has_strong_checkable(s) else "greeting"
    if _OPINION_ONLY.match(s) or _verdict(s, asked) or favourite_name(s) is not None:
        return "opinion"
    if _OPINION.match(s):
        rest = s.split(None, 1)[1] if " " in s else ""
        proper = [w for w in re.findall(r"\b[A-Z][a-z]+", rest) if w != "I"]
        advice = _ADVICE.search(s)
        if advice is not None and not _PRONOUN_OBJECT.match(s, advice.end()):
            return None  # "I'd suggest ibuprofen.": what to take is checked
        clause = _OWN_CLAUSE.search(s)
        if clause is not None and has_checkable(clause.group(1)):
            return None  # "I loved it but it was filmed in Paris.": the clause is a claim
        if not _FACTUAL_HINT.search(s) and (not proper or _ONE_NAME.match(rest)):
            return "opinion"
    return None


def _verdict(sentence: str, asked: str) -> bool:
    """A verdict on what the talk is about ("Ironvale is so addictive!" after "Ever played
    Ironvale?", "It's so good!"); a name the question does not write is an answer, so a
    claim ("Who is your favorite player?" "Mark McGwire is really good." names him)."""
    m = _VERDICT.match(sentence)
    if m is None:
        return False
    name = m["name"]
    if _ASPECT.match(name) is not None:  # ("The price is great." names no part of a work)
        return True
    return name.lower() in _PRONOUN_NAMES or (bool(asked) and name.lower() in asked.lower())


def favourite_name(sentence: str) -> str | None:
    """The one thing a speaker calls a favourite, and nothing else ("One of my favorites is
    Edward Scissorhands", "Big Fish is my favourite."); ``None`` for any other sentence."""
    s = sentence.strip()
    m = _FAVOURITE_FIRST.match(s) or _FAVOURITE_LAST.match(s)
    return m.group("name").rstrip(".") if m is not None else None


def opinion_name(sentence: str) -> str | None:
    """The name an opinion or a question gives ("Steven Spielberg" in "I'm a big fan of
    Steven Spielberg.", "Carrie" in "Have you read Carrie?"), which a pronoun after it
    stands for; ``None`` when it gives none."""
    favourite = favourite_name(sentence)
    if favourite is not None:
        return favourite
    verdict = _VERDICT.match(sentence.strip())
    if verdict is not None and verdict["name"][:1].isupper() \
            and verdict["name"].lower() not in _PRONOUN_NAMES:
        return verdict["name"]  # "Caleb Dunmore is a legend! He won …": he is Caleb Dunmore
    rest = sentence.split(None, 1)[1] if " " in sentence.strip() else ""
    m = _NAME_IN_OPINION.search(rest)
    return m.group(0).rstrip(".") if m is not None else None


# A title or name: capitalised words, with "of", "the" … between them ("The Lord of the
# Rings", "Harry Potter and the Philosopher's Stone").
_NAME_IN_OPINION = re.compile(r"(?:\b[Tt]he\s+)?\b" + _TITLE_RUN)
# Advice names what to do or take ("I'd recommend ibuprofen"): unless its object is a
# pronoun ("I'd recommend it"), it is checked.
_ADVICE = re.compile(r"\b(?:recommend|suggest|prefer|preferred|advise)\b", re.IGNORECASE)
_PRONOUN_OBJECT = re.compile(r"\s+(?:it|that|this|them|those|these|one|him|her|you)\b"
                             r"(?:\s+(?:too|as well|also|highly|so much|a lot))*\s*[.!]*$",
                             re.IGNORECASE)
# The rest of an opinion that names one thing and relates it to nothing: "… a big fan of
# Christopher Nolan.", "… liked Interstellar too!", "… recommend The Lord of the Rings."
# A second name or a relation ("Tom Hanks in Inception", "… with Meg Ryan") keeps the
# sentence a claim: it presupposes a fact.
_ONE_NAME = re.compile(r"^(?:[a-z'’]+\s+){0,8}?(?:the\s+)?" + _TITLE_RUN
                       + r"(?:\s+(?:too|as well|also|so much|a lot|very much))?\s*[.!]*$")
_FAVOURITE = (r"(?:[Oo]ne of my |[Mm]y )(?:very |all[- ]time |personal )?favou?rites?"
              r"(?: (?:films?|movies?|books?|songs?|shows?|albums?|bands?|actors?|"
              r"actresses|directors?|authors?|teams?|players?|novels?|series))?")
_FAVOURITE_FIRST = re.compile(r"^" + _FAVOURITE + r" (?:is|are|was|has to be|would be) "
                              r"(?P<name>(?:The\s+)?" + _TITLE_RUN + r")[\s!.]*$")
_FAVOURITE_LAST = re.compile(r"^(?P<name>(?:The\s+)?" + _TITLE_RUN + r") (?:is|was) (?:"
                             + _FAVOURITE + r"|(?:a|one) (?:real |personal |big |huge )?"
                             r"favou?rite of (?:mine|ours))[\s!.]*$")


# A question about the listener's experience of a work that names the work's maker or cast
# beside it presupposes that fact: "Have you seen Zodiac with Tom Hanks?" says Tom Hanks is
# in Zodiac, whatever the answer. The fact is the claim.
_EXPERIENCE = (r"(?i:have|had|did|do|would|will|could|can|has)\s+(?:you|u|ya)\s+"
               r"(?:(?:ever|already|also|yet|even|really)\s+)*"
               r"(?:seen|watched|read|heard|listened\s+to|played|tried|enjoyed|liked|"
               r"loved|checked\s+out|see|watch|hear|listen\s+to|play|try|enjoy|like|love|"
               r"check\s+out)")
_KIND = r"(?:(?:the\s+)?(?:movie|film|book|novel|show|series|album|song|play|game)\s+)?"
_PRESUPPOSING = re.compile(
    r"^" + _EXPERIENCE + r"\s+" + _KIND + r"(?P<work>(?:The\s+)?" + _TITLE_RUN + r")"
    r"\s+(?P<rel>with|starring|featuring|directed\s+by|written\s+by|produced\s+by|by|in)\s+"
    r"(?P<who>(?:the\s+)?" + _TITLE_RUN + r")\s*\?*\s*$")
_SAYS = {"with": "{who} is in {work}.", "starring": "{who} is in {work}.",
         "featuring": "{who} is in {work}.", "by": "{work} is by {who}.",
         "in": "{work} is in {who}.",  # "Do you like Chris Evans in Captain America?"
         "directed by": "{work} was directed by {who}.",
         "written by": "{work} was written by {who}.",
         "produced by": "{work} was produced by {who}."}


_ASKS_EXPERIENCE = re.compile(r"^" + _EXPERIENCE + r"\s+" + _KIND + r"(?:The\s+)?[A-Z]")


def asks_experience(sentence: str) -> bool:
    """Whether ``sentence`` asks whether the listener has seen, read or heard a named
    thing ("Have you seen Zodiac?"): a later object "it" names that thing."""
    return _ASKS_EXPERIENCE.match(sentence.strip()) is not None


def presupposed_fact(sentence: str) -> str | None:
    """The fact a question about the listener presupposes by naming two things together
    ("Have you seen Zodiac with Tom Hanks?" → "Tom Hanks is in Zodiac."); ``None`` for any
    other sentence."""
    m = _PRESUPPOSING.match(sentence.strip())
    if m is None:
        return None
    rel = " ".join(m["rel"].split()).lower()
    if rel == "in" and len(m["work"].split()) < 2:
        return None  # "a person in a work": not "Titanic in IMAX"
    return _SAYS[rel].format(work=m["work"].rstrip("."), who=m["who"].rstrip("."))


# Praise of a performance asserts the part: "Ewan McGregor is great in Big Fish." says he
# is in it (the praise is the speaker's); "… was brilliant as Ed Bloom in Big Fish." says
# he played Ed Bloom in it.
_PRAISE = (r"(?:so\s+|really\s+|very\s+|just\s+|absolutely\s+|truly\s+|pretty\s+)?"
           r"(?:great|amazing|brilliant|fantastic|excellent|superb|wonderful|terrific|"
           r"awesome|incredible|hilarious|phenomenal|outstanding|perfect|good|fabulous|"
           r"funny|convincing|memorable)")
_PERFORMANCE = re.compile(
    r"^(?P<who>" + _TITLE_RUN + r")\s+(?P<be>is|was|are|were)\s+" + _PRAISE
    + r"(?:\s+as\s+(?P<part>" + _TITLE_RUN + r"))?\s+in\s+(?P<work>(?:the\s+)?"
    + _TITLE_RUN + r")(?:\s+(?:too|as\s+well))?\s*[.!]*$")


def performance_fact(sentence: str) -> str | None:
    """The part a praise of a performance asserts ("Ewan McGregor is great in Big Fish."
    → "Ewan McGregor is in Big Fish."); ``None`` for any other sentence."""
    m = _PERFORMANCE.match(sentence.strip())
    if m is None:
        return None
    work = m["work"].rstrip(".")
    if m["part"]:
        return f"{m['who']} played {m['part']} in {work}."
    return f"{m['who']} {m['be']} in {work}."
