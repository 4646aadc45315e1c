"""Verb forms shared by the claim rules and the checks: base forms (the predicate after a
modal or "do", "Can patients … take …?", and the word that makes a short sentence a
statement, "Disputes go to the tribunal."), the forms of *be*, the modal verbs, and the
irregular past forms and past participles ("won", "born", "written")."""

from __future__ import annotations

__all__ = ["BASE_VERBS", "BE_FORMS", "IRREGULAR_PAST", "MODAL_VERBS", "PAST_PARTICIPLES"]

BASE_VERBS = frozenset("""
access add affect apply argue attend begin book bring build buy call cancel carry cause change
claim close come contact cost cover cure cut delete deny depend drink drive eat end enter
erase exceed expire fall fly follow get give go goes grow happen have hear help hold hurt
include increase involve join keep last lead leave lie live lose make meet move need note
occur open park pay play prevent put reach read receive reduce remain rent report request
reset restart restore return rise run see seem sell send serve share show sit smoke speak
stand start stay stop support take transfer travel treat try use vary visit want wipe win
work write
""".split())

#: The forms of *be* (and its contraction "'s" as a token).
BE_FORMS = frozenset("is are was were be been being am 's".split())

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
