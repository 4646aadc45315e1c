"""The tables names are grounded by: the other names of a country, a demonym, a party, a
city or a US state (``UK`` / ``Britain`` / ``British``, ``Kenya`` / ``Kenyan``, ``Pa.`` /
``Pennsylvania``), and a first name's short and long forms (``Mike`` / ``Michael``).
Read by :class:`certirag.checks.entities.EntityIndex` and, through :func:`aliases`, by the
name checks and the binding anchors."""

from __future__ import annotations

__all__ = ["ALIAS_OF", "NICKNAMES", "aliases"]

# A first name's short and long forms ("Mike Finkel" is "Michael Finkel", "Rob" "Robert").
NICKNAMES: dict[str, frozenset[str]] = {n: g for g in (frozenset(x.split("|")) for x in (
    "michael|mike|mick|mickey", "robert|rob|bob|bobby|robbie|bert", "william|will|bill|billy|"
    "liam", "james|jim|jimmy|jamie", "thomas|tom|tommy", "david|dave|davy", "daniel|dan|danny",
    "joseph|joe|joey", "christopher|chris", "nicholas|nick|nicky", "stephen|steven|steve",
    "anthony|tony", "andrew|andy|drew", "alexander|alex|sandy", "alexandra|alex|sandra",
    "benjamin|ben|benny", "samuel|sam|sammy", "samantha|sam", "matthew|matt",
    "patrick|pat|paddy", "patricia|pat|patty|trish", "katherine|catherine|kathryn|kate|katie|"
    "kathy|cathy|kat", "elizabeth|liz|lizzie|beth|betty|eliza", "jennifer|jen|jenny",
    "susan|sue|susie", "edward|ed|eddie|ted|teddy", "frederick|fred|freddie", "gregory|greg",
    "jonathan|jon", "joshua|josh", "kenneth|ken|kenny", "lawrence|larry", "nathan|nate",
    "nathaniel|nate|nat", "peter|pete", "philip|phillip|phil", "ronald|ron|ronnie",
    "richard|rick|ricky|rich|dick", "charles|charlie|chuck", "john|johnny|jack",
    "henry|harry|hank", "timothy|tim|timmy", "victoria|vicky|tori", "margaret|maggie|peggy|meg",
    "rebecca|becky|becca", "deborah|debbie|deb", "douglas|doug", "gerald|gerry|jerry",
    "jeffrey|geoffrey|jeff|geoff", "leonard|len|lenny", "raymond|ray", "donald|don|donnie",
    "abigail|abby|abbie", "barbara|barb", "frances|fran", "francis|frank", "zachary|zach|zack",
)) for n in g}
_GROUPS: list[frozenset[str]] = [frozenset(g.split("|")) for g in (
    "uk|u.k|united kingdom|britain|great britain|british|gb|brit",
    "us|u.s|usa|u.s.a|united states|united states of america|america|american|americans",
    "eu|european union|europe|european", "un|united nations", "nhs|national health service",
    "france|french", "germany|german", "italy|italian", "spain|spanish", "china|chinese",
    "japan|japanese", "india|indian", "canada|canadian", "australia|australian|aussie",
    "ireland|irish", "scotland|scottish|scots", "wales|welsh", "england|english",
    "netherlands|dutch|holland", "switzerland|swiss", "russia|russian", "mexico|mexican",
    "brazil|brazilian", "sweden|swedish", "norway|norwegian", "denmark|danish",
    "poland|polish", "portugal|portuguese", "greece|greek", "turkey|turkish",
    "belgium|belgian", "austria|austrian", "egypt|egyptian", "israel|israeli",
    "korea|korean|south korea", "new zealand|new zealander|kiwi", "south africa|south african",
    "argentina|argentine|argentinian", "who|world health organization|world health organisation",
    # parties and cities by their short names: "the Tories", "Lib Dems", "NYC"
    "tory|tories|conservative|conservatives|conservative party",
    "lib dem|lib dems|libdem|libdems|liberal democrat|liberal democrats",
    "nyc|new york city", "la|los angeles", "qld|queensland", "nsw|new south wales",
    "dc|washington dc|washington d.c",
    # US states by their press abbreviations: "Lititz, Pa." for Lititz, Pennsylvania
    "pa|penn|pennsylvania", "calif|california", "fla|florida", "ariz|arizona",
    "ark|arkansas", "colo|colorado", "conn|connecticut", "ill|illinois", "kan|kans|kansas",
    "ky|kentucky", "md|maryland", "mass|massachusetts", "mich|michigan", "minn|minnesota",
    "mont|montana", "neb|nebr|nebraska", "nev|nevada", "okla|oklahoma", "ore|oreg|oregon",
    "tenn|tennessee", "tex|texas", "vt|vermont", "va|virginia", "wis|wisc|wisconsin",
    "wyo|wyoming", "ala|alabama", "ny|n.y|new york", "nj|n.j|new jersey",
    "nc|n.c|north carolina", "sc|s.c|south carolina", "nh|n.h|new hampshire",
    "nm|n.m|new mexico", "ri|r.i|rhode island", "wva|w.va|west virginia",
    # countries and their demonyms: "a Kenyan college" for a college in Kenya
    "afghanistan|afghan", "albania|albanian", "algeria|algerian", "angola|angolan",
    "armenia|armenian", "azerbaijan|azerbaijani", "bahrain|bahraini",
    "bangladesh|bangladeshi", "belarus|belarusian", "bolivia|bolivian", "bosnia|bosnian",
    "bulgaria|bulgarian", "cambodia|cambodian", "cameroon|cameroonian", "chile|chilean",
    "colombia|colombian", "congo|congolese", "croatia|croatian", "cuba|cuban",
    "cyprus|cypriot", "czech republic|czech", "ecuador|ecuadorian", "eritrea|eritrean",
    "estonia|estonian", "ethiopia|ethiopian", "finland|finnish", "ghana|ghanaian",
    "guatemala|guatemalan", "haiti|haitian", "honduras|honduran", "hungary|hungarian",
    "iceland|icelandic", "indonesia|indonesian", "iran|iranian", "iraq|iraqi",
    "jamaica|jamaican", "jordan|jordanian", "kenya|kenyan", "kuwait|kuwaiti",
    "latvia|latvian", "lebanon|lebanese", "liberia|liberian", "libya|libyan",
    "lithuania|lithuanian", "malaysia|malaysian", "malta|maltese", "mongolia|mongolian",
    "morocco|moroccan", "myanmar|burma|burmese", "nepal|nepali|nepalese",
    "nicaragua|nicaraguan", "nigeria|nigerian", "north korea|north korean", "oman|omani",
    "pakistan|pakistani", "palestine|palestinian", "panama|panamanian",
    "paraguay|paraguayan", "peru|peruvian", "philippines|filipino|philippine",
    "qatar|qatari", "romania|romanian", "rwanda|rwandan", "saudi arabia|saudi",
    "senegal|senegalese", "serbia|serbian", "sierra leone|sierra leonean",
    "singapore|singaporean", "slovakia|slovak", "slovenia|slovenian", "somalia|somali",
    "sri lanka|sri lankan", "sudan|sudanese", "syria|syrian", "taiwan|taiwanese",
    "tanzania|tanzanian", "thailand|thai", "tunisia|tunisian", "uganda|ugandan",
    "ukraine|ukrainian", "uruguay|uruguayan", "venezuela|venezuelan", "vietnam|vietnamese",
    "yemen|yemeni", "zambia|zambian", "zimbabwe|zimbabwean",
)]
ALIAS_OF: dict[str, frozenset[str]] = {name: g for g in _GROUPS for name in g}


def aliases(name: str) -> frozenset[str]:
    """The other names of ``name`` (lowercase words joined by a space) in the alias table:
    a country, its demonym and its common short forms (``kenyan`` gives ``kenya``); a
    plural demonym (``kenyans``, ``nepalis``) is read as its singular. Empty when the
    table does not know it."""
    group = ALIAS_OF.get(name)
    if group is None and name.endswith("s"):
        group = ALIAS_OF.get(name[:-1])
    return group - {name} if group is not None else frozenset()
