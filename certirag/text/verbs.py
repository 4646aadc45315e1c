"""Verb forms shared by the claim rules and the checks: base forms (the predicate after a
modal or "do", "Can patients … take …?", and the word that makes a short sentence a
statement, "Disputes go to the tribunal."), the forms of *be*, the modal verbs, and the
irregular past forms and past participles ("won", "born", "written")."""

from __future__ import annotations

__all__ = ["ADVERBS", "BASE_VERBS", "BE_FORMS", "CLAUSE_VERBS", "IRREGULAR_PAST", "LIMITING_WORDS",
           "MODAL_VERBS", "NOT_A_SUBJECT", "PAST_PARTICIPLES", "SCOPE_WORDS", "third_person"]

BASE_VERBS = frozenset("""
accept access add affect agree allow appear apply approve argue arrive attend beat begin
believe belong book borrow break bring build buy call cancel carry cause change claim climb
close come confirm consider contact contain continue cost cover create cure cut decide delete
deliver deny depend describe destroy develop die drink drive earn eat employ end enjoy ensure
enter erase exceed exist expect expire explain extend fail fall fly follow forget get give go
goes grow happen harm hate have hear help hire hold hurt improve include increase inherit
invest involve join keep kill know last lead learn leave lend lie live lose make marry meet
mention move need note occur offer open operate owe park pay play prefer prevent produce
prohibit protect provide put qualify reach read receive recover reduce refuse reject rely
remain remember remove renew rent repair replace report request require reset resign restart
restore retire return rise run see seem sell send serve share show sing sit smoke speak spread
stand start stay stop sue support survive take think transfer travel treat try understand use
vary visit want wear win wipe withdraw work write
""".split())

#: The forms of *be* (and its contraction "'s" as a token).
BE_FORMS = frozenset("is are was were be been being am 's".split())

#: Adverbs that stand between a subject and its verb ("Obama also said", "and later was
#: found"): never a subject, never a noun.
ADVERBS = frozenset("""also then never still now just only even later again already once
first soon often always ever recently not so eventually finally currently""".split())

#: Words before a verb that scope over it (an adverb, a denial, "only"): copied onto a
#: second predicate, they would say what the sentence does not ("The clinic seldom opens
#: at weekends and closes at 6 pm" does not say it "seldom closes at 6 pm").
SCOPE_WORDS = ADVERBS | frozenset("""not never no nobody none nothing neither nor only just
seldom rarely hardly scarcely barely also even still already always usually often sometimes
generally normally typically mostly mainly largely partly once twice""".split())

#: The scope words that deny or limit what they scope over (a claim's second predicate is
#: not given them: "The clinic seldom opens at weekends and closes at 6 pm.").
LIMITING_WORDS = frozenset("not never no nobody none nothing neither nor only seldom rarely "
                           "hardly scarcely barely".split())

#: The modal verbs.
MODAL_VERBS = frozenset("must shall should may might can could will would".split())

#: Irregular past forms (simple past, and some participles): "won", "wrote", "born".
IRREGULAR_PAST = frozenset("""
won lost wrote made became began born died led met paid sold bought built brought caught
chose came did drew drove ate fell felt fought found flew forgot froze gave got grew heard
held hid hit kept knew laid left lent let lay lit meant put quit ran rang rose said saw sent
set shook shot shut sang sank sat slept spoke spent stood stole struck swam swore took
taught tore told thought threw understood woke wore wove went
""".split())

#: Past participles that do not end in "-ed": "Was the director born in Szeged?"
PAST_PARTICIPLES = frozenset("""born built made held written known given taken seen shown sold paid
won lost found led told sent kept left done grown drawn thrown chosen spoken broken stolen
driven hidden eaten fallen forgotten beaten bought brought caught taught thought""".split())


_THIRD_IRREGULAR = {"have": "has", "do": "does", "go": "goes", "be": "is"}


def third_person(verb: str) -> str:
    """The third person singular present of a base form: "has", "carries", "teaches",
    "goes", "takes"."""
    low = verb.lower()
    if low in _THIRD_IRREGULAR:
        return _THIRD_IRREGULAR[low]
    if low.endswith("y") and low[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return verb[:-1] + "ies"
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


# Words a sentence may open with that are not its subject: prepositions and subordinators
# ("After the Mexican military …", "During the war …").
NOT_A_SUBJECT = frozenset("""after before during in on at by for from with without since when
while if although though because as until unless upon over under into through across between
among against despite following like unlike once""".split())
# Auxiliaries and the commonest verbs: a word that opens a clause's predicate, and after
# which a word is its object ("to take cars").
CLAUSE_VERBS = frozenset("""
    is are was were be been being am has have had do does did can could may might must shall
    should will would need needs ought get give take receive earn include offer provide
    require allow employ contain become remain belong mean know see say tell make keep find
    share""".split())
