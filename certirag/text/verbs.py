"""Verbs in their base form, shared by the claim rules: the predicate after a modal or "do"
("Can patients … take …?", "Do contractors receive …?") and the word that makes a short
sentence a statement ("Disputes go to the tribunal.")."""

from __future__ import annotations

__all__ = ["BASE_VERBS"]

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
