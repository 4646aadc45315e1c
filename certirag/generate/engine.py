"""The in-flight engine: generate sentence by sentence, verify each, roll back what fails.

Per sentence:

1. **draft**: extend the context (prompt + committed sentences) until the streaming
   segmenter is sure a sentence ended; the text after the cut (the lookahead) carries
   into the next sentence. The cut is at the sentence's end offset: a piece that
   straddles it (``"h. Fir"`` from a server that streams text in fixed-size pieces) is
   split, and its tail carried;
2. **verify** the draft with the very checks of ``certirag verify``
   (:func:`certirag.pipeline.verify` on the answer so far plus the draft, so pronouns
   resolve against earlier sentences; earlier claims are scored from a memo);
3. **commit** when every claim of the draft is verified (or is not a claim); otherwise
   **roll back** to the sentence start (the backend's prefix cache keeps everything
   before it) and retry with a steer:

   * ``ban``: the draft's first token may not open the sentence (accumulating);
   * ``allow``: every number in the sentence must be one the evidence gives for the
     rejected figure's kind (falls back to ``ban`` when no figure was rejected);
   * ``inject``: the most relevant evidence passage not injected yet goes into the
     context (never into the answer) at the cut point (falls back to ``ban`` when every
     passage was injected).

At most ``max_retries`` retries per sentence and ``max_retries_answer`` per answer; then
the point is refused with a fixed, configurable text and generation goes on (or stops
with ``rollback_budget`` when the answer's budget is spent). A verifier failure
(``backend_error``, ``timeout`` …: :data:`certirag.reasons.NOT_RETRIED`) is not retried:
the point is refused and generation stops. Stop reasons: ``eos``, ``length``,
``rollback_budget``, ``backend_error``.

The answer is then verified once more as a whole (post-hoc, the same function) to give
the :class:`~certirag.pipeline.VerificationResult` a certificate is issued for; the
trace (canonical-JSON ready) records every attempt.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from certirag import verifiers
from certirag.checks import CheckOptions, prepare_evidence
from certirag.checks.parse import parse_text
from certirag.config import Settings
from certirag.errors import BackendError, ConfigError, InputError
from certirag.generate.base import Constraint, Extension, Generator, Segment
from certirag.generate.engine_config import (
    STEERING,
    EngineConfig,
    config_from_settings,
)
from certirag.generate.engine_config import Steering as Steering
from certirag.generate.prompts import answer_messages, injection_text
from certirag.generate.segmenter import first_cut
from certirag.generate.trace import TRACE_FORMAT, GenerationResult, SentenceEvent, Totals, rounded
from certirag.pipeline import verify
from certirag.reasons import NOT_RETRIED
from certirag.schemas import ClaimDecision, Decision, Evidence
from certirag.verifiers.base import NLIResult, Verifier
from certirag.verifiers.windows import relevance_scores

__all__ = [
    "STEERING",
    "EngineConfig",
    "GenerationResult",
    "InflightEngine",
    "MemoVerifier",
    "SentenceEvent",
    "config_from_settings",
]

_FIGURE_CODES = frozenset({"ungrounded_figure", "unit_mismatch", "magnitude_mismatch",
                           "duration_mismatch", "value_swap", "qualifier_mismatch",
                           "precision_mismatch"})
_DATE_CODES = frozenset({"ungrounded_date", "date_precision"})
_DIGITS = re.compile(r"\d(?:[.,]?\d)*")


class MemoVerifier:
    """Wraps a verifier and remembers scored pairs, so re-verifying the answer so far
    scores only the new sentence's pairs. Anything else is passed through."""

    def __init__(self, inner: Verifier) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "memo")
        self._memo: dict[tuple[str, str], NLIResult] = {}
        self.calls = 0
        self.pairs_scored = 0

    def __getattr__(self, item: str) -> Any:
        return getattr(self.inner, item)

    def load(self) -> None:
        self.inner.load()

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        todo = [p for p in dict.fromkeys(pairs) if p not in self._memo]
        if todo:
            self.calls += 1
            self.pairs_scored += len(todo)
            results = self.inner.score_pairs(todo)
            if len(results) != len(todo):
                raise BackendError(f"the verifier returned {len(results)} results for "
                                   f"{len(todo)} pairs")
            self._memo.update(zip(todo, results, strict=True))
        return [self._memo[p] for p in pairs]


@dataclass
class _Draft:
    pieces: list[str]
    tokens: list[int]
    n_carried: int
    ext: Extension | None
    eos: bool


class InflightEngine:
    """Generate an answer with sentence-level verification and rollback.

    ``generator`` is any :class:`~certirag.generate.base.Generator`; ``verifier`` the NLI
    backend (default: the one ``settings`` names). Build it once and call :meth:`run`
    per question.
    """

    def __init__(self, generator: Generator, *, settings: Settings | None = None,
                 verifier: Verifier | None = None, config: EngineConfig | None = None
                 ) -> None:
        self.generator = generator
        self.settings = settings or Settings()
        self.config = config or config_from_settings(self.settings)
        if self.config.steering == "allow" and "allow" not in generator.capabilities:
            raise ConfigError(f"steering 'allow' needs a backend that can constrain numbers; "
                              f"the {generator.name!r} backend cannot (use ban or inject)")
        if "ban_first" not in generator.capabilities:
            raise ConfigError(f"the {generator.name!r} backend cannot ban tokens, which "
                              "every steering mode may fall back to")
        self._verifier = verifier

    # ----------------------------------------------------------------- helpers
    def _memo_verifier(self) -> MemoVerifier:
        if self._verifier is None:
            self._verifier = verifiers.create_verifier(self.settings)
        return MemoVerifier(self._verifier)

    def _segment(self, text: str, kind: Literal["prompt", "answer", "inject", "refusal"],
                 tokens: Sequence[int] | None = None) -> Segment:
        if tokens is None and "tokens" in self.generator.capabilities:
            tokens = self.generator.encode(text)
        return Segment(text=text, tokens=tuple(tokens) if tokens is not None else None,
                       kind=kind)

    def _stop_fn(self, carried: str) -> Callable[[str], bool]:
        def stop(text: str) -> bool:
            return first_cut(carried + text) is not None
        return stop

    def _draft(self, context: list[Segment], carry: _Draft | None, constraint: Constraint,
               budget: int) -> _Draft:
        if carry is not None and carry.eos:
            # The model ended the answer after the carried text: nothing more to generate.
            return _Draft(list(carry.pieces), list(carry.tokens), len(carry.pieces), None,
                          True)
        carried_pieces = list(carry.pieces) if carry else []
        carried_tokens = list(carry.tokens) if carry else []
        prefix = list(context)
        if carried_pieces:
            prefix.append(Segment(text="".join(carried_pieces),
                                  tokens=tuple(carried_tokens) if carried_tokens else None,
                                  kind="draft"))
        room = min(budget, self.config.max_sentence_tokens - len(carried_pieces))
        if room < 1:
            return _Draft(carried_pieces, carried_tokens, len(carried_pieces), None, False)
        ext = self.generator.extend(prefix, max_tokens=room,
                                    stop=self._stop_fn("".join(carried_pieces)),
                                    constraint=None if constraint.empty else constraint)
        # Token ids stay aligned with the pieces only when the carry kept its own ids (a
        # carry that began inside a split piece has none: its text is encoded again).
        aligned = bool(carried_tokens) or not carried_pieces
        return _Draft(carried_pieces + list(ext.pieces),
                      carried_tokens + list(ext.tokens) if aligned else [],
                      len(carried_pieces), ext, ext.finish_reason == "eos")

    @staticmethod
    def _cut(draft: _Draft, final: bool) -> tuple[int, str, list[int] | None, _Draft]:
        """The first sentence of the draft: the pieces it takes, its text, its token ids
        (``None`` when a piece was split) and the rest, which carries into the next
        sentence.

        The sentence ends at the segmenter's end offset. A piece that straddles it is
        kept whole when what it holds past the end is only whitespace (so token ids stay
        whole); otherwise it is split there: the sentence gets its head and the carry its
        tail, so no text of the next sentence is verified (or shown) as part of this one.
        """
        text = "".join(draft.pieces)
        cut = first_cut(text, final=final)
        if cut is None:
            cut = len(text)
        n, pos = 0, 0
        while n < len(draft.pieces) and pos < cut:
            pos += len(draft.pieces[n])
            n += 1
        tail = text[cut:pos]
        if not tail.strip():
            tokens = list(draft.tokens) if draft.tokens else []
            return (n, "".join(draft.pieces[:n]), tokens[:n] if tokens else None,
                    _Draft(list(draft.pieces[n:]), tokens[n:], 0, None, draft.eos))
        return (n, text[:cut], None,
                _Draft([tail, *draft.pieces[n:]], [], 0, None, draft.eos))

    def _check(self, question: str, answer_so_far: str, sentence: str,
               passages: list[Evidence], verifier: MemoVerifier
               ) -> tuple[bool, list[ClaimDecision], Any]:
        """Whether every claim of ``sentence`` passes, those claims, and the check's
        result for the whole answer so far (``None`` for a blank sentence)."""
        if not sentence.strip():
            return True, [], None
        text = answer_so_far + sentence
        result = verify(question, text, evidence=passages, settings=self.settings,
                        verifier=verifier)
        offset = len(answer_so_far)
        mine = [c for c in result.claims if c.claim.end > offset]
        ok = all(c.decision in (Decision.VERIFIED, Decision.NOT_A_CLAIM) for c in mine)
        return ok, mine, result

    def _allowed_numbers(self, failed: list[ClaimDecision], passages: list[Evidence]
                         ) -> frozenset[str] | None:
        """Numbers the evidence gives for the kinds of the rejected figures or dates."""
        options = CheckOptions(date_locale=self.settings.date_locale,
                               extra=tuple(self.settings.extra_checks))
        dims: set[str] = set()
        dates = False
        for c in failed:
            for r in c.reasons:
                if r.code in _DATE_CODES:
                    dates = True
                if r.code in _FIGURE_CODES and r.text:
                    parsed = parse_text(r.text, date_locale=options.date_locale,
                                        decimal_comma=None, role="claim")
                    dims.update(f.dim for f in parsed.figures)
        if not dims and not dates:
            return None
        prepared = prepare_evidence([p.text for p in passages], options=options)
        values: set[str] = set()
        for dim in dims:
            for f in prepared.by_dim.get(dim, []):
                values.update(_DIGITS.findall(f.text))
        if dates:
            for d in prepared.dates:
                values.update(_DIGITS.findall(d.text))
        return frozenset(values)

    def _first_token(self, draft: _Draft) -> int | None:
        if draft.tokens:
            return draft.tokens[0]
        if not draft.pieces:
            return None
        ids = self.generator.encode(draft.pieces[0])
        return ids[0] if ids else None

    # ---------------------------------------------------------------------- run
    def run(self, question: str, evidence: Sequence[Evidence], *,
            on_sentence: Callable[[SentenceEvent], None] | None = None) -> GenerationResult:
        """Answer ``question`` from ``evidence``; every sentence verified as it is written."""
        if not isinstance(question, str) or not question.strip():
            raise InputError("the question is empty")
        passages = list(evidence)
        self.generator.load()
        verifier = self._memo_verifier()
        prompt = self.generator.format_prompt(answer_messages(question,
                                                              [p.text for p in passages]))
        if self.config.posthoc:
            return self._posthoc(question, prompt, passages, verifier, on_sentence)
        return self._inflight(question, prompt, passages, verifier, on_sentence)

    def _inflight(self, question: str, prompt: str, passages: list[Evidence],
                  verifier: MemoVerifier,
                  on_sentence: Callable[[SentenceEvent], None] | None) -> GenerationResult:
        cfg = self.config
        t_start = time.perf_counter()
        context: list[Segment] = [self._segment(prompt, "prompt")]
        answer = ""
        carry: _Draft | None = None
        tot = Totals()
        sentences: list[dict[str, Any]] = []
        injected: set[int] = set()
        stop_reason = "eos"
        first_verified_s: float | None = None
        answer_retries = 0
        backend_failed = False
        while True:
            budget = cfg.max_tokens - tot.tokens_generated
            if budget < 1 and (carry is None or not carry.pieces):
                stop_reason = "length"
                break
            constraint = Constraint()
            attempts: list[dict[str, Any]] = []
            steer_note: dict[str, Any] | None = None
            settled = False
            ended = False
            for attempt in range(cfg.max_retries + 1):
                draft = self._draft(context, carry if attempt == 0 else None, constraint,
                                    max(budget, 0))
                carry = None
                ext = draft.ext
                new_tokens = len(draft.pieces) - draft.n_carried
                tot.tokens_generated += new_tokens
                tot.attempts += 1
                if ext is not None:
                    tot.decode_s += ext.decode_s
                    tot.prefill_s += ext.prefill_s
                    if ext.prompt_tokens is not None:
                        tot.prompt_tokens += ext.prompt_tokens
                    if ext.cache_hit_tokens is not None:
                        tot.prefix_cache_hit_tokens += ext.cache_hit_tokens
                        tot.prefix_cache_reported += 1
                final = draft.eos or (ext is not None and ext.finish_reason == "length")
                n, sentence, sentence_tokens, rest = self._cut(draft, final)
                entry: dict[str, Any] = {
                    "attempt": attempt, "text": sentence,
                    "steering": steer_note, "constraint": (constraint.describe()
                                                           if not constraint.empty else None),
                    "first_token": draft.tokens[0] if draft.tokens else None,
                    "tokens_generated": new_tokens, "tokens_carried": draft.n_carried,
                    "prefix_cache_hit_tokens": ext.cache_hit_tokens if ext else None,
                    "prompt_tokens": ext.prompt_tokens if ext else None,
                    "prefill_s": rounded(ext.prefill_s) if ext else 0.0,
                    "decode_s": rounded(ext.decode_s) if ext else 0.0,
                    "finish_reason": ext.finish_reason if ext else "carried",
                }
                if not sentence.strip():
                    # Nothing but whitespace before the end: the answer is complete.
                    entry.update(decision="end", verdicts=[], reasons=[], verify_s=0.0,
                                 tokens_kept=0, tokens_discarded=len(draft.pieces))
                    tot.tokens_discarded += len(draft.pieces)
                    attempts.append(entry)
                    ended = True
                    stop_reason = "eos" if draft.eos else "length"
                    break
                t0 = time.perf_counter()
                ok, mine, checked = self._check(question, answer, sentence, passages,
                                                verifier)
                verify_s = time.perf_counter() - t0
                tot.verify_s += verify_s
                entry["verify_s"] = rounded(verify_s)
                entry["verdicts"] = [{"claim": c.claim.text, "decision": c.decision.value,
                                      "reasons": [r.code for r in c.reasons]} for c in mine]
                entry["reasons"] = sorted({r.code for c in mine for r in c.reasons
                                           if c.decision not in (Decision.VERIFIED,
                                                                 Decision.NOT_A_CLAIM)})
                if ok:
                    entry.update(decision="commit", tokens_kept=n,
                                 tokens_discarded=0)
                    attempts.append(entry)
                    context.append(self._segment(sentence, "answer", sentence_tokens))
                    start = len(answer)
                    answer += sentence
                    tot.tokens_kept += n
                    carry = rest if rest.pieces or rest.eos else None
                    if first_verified_s is None:
                        first_verified_s = time.perf_counter() - t_start
                    sentences.append({"index": len(sentences), "start": start,
                                      "end": len(answer), "text": sentence,
                                      "outcome": "verified", "attempts": attempts})
                    if on_sentence is not None:
                        on_sentence(SentenceEvent(
                            len(sentences) - 1, sentence, "verified", len(attempts),
                            answer=answer,
                            claims=tuple(checked.claims) if checked is not None else None))
                    settled = True
                    if rest.eos and not rest.pieces:
                        ended, stop_reason = True, "eos"
                    elif (ext is not None and ext.finish_reason == "length"
                          and tot.tokens_generated >= cfg.max_tokens and not rest.pieces):
                        ended, stop_reason = True, "length"
                    break
                # roll back: the draft (and its lookahead) is discarded
                entry.update(decision="rollback", tokens_kept=0,
                             tokens_discarded=len(draft.pieces))
                tot.tokens_discarded += len(draft.pieces)
                attempts.append(entry)
                if set(entry["reasons"]) & NOT_RETRIED:
                    # a retry cannot mend a failed verifier: withhold and stop
                    entry["decision"] = "refuse"
                    backend_failed = True
                    break
                if attempt >= cfg.max_retries or answer_retries >= cfg.max_retries_answer:
                    entry["decision"] = "refuse"
                    break
                answer_retries += 1
                tot.rollbacks += 1
                constraint, steer_note = self._steer(constraint, draft, mine, passages,
                                                     injected, context, prompt,
                                                     relevance_scores, tot)
                budget = cfg.max_tokens - tot.tokens_generated
                if budget < 1:
                    break
            if ended:
                if attempts and attempts[-1]["decision"] == "end" and len(attempts) > 1:
                    # the model ended the answer instead of retrying the point
                    sentences.append({"index": len(sentences), "start": len(answer),
                                      "end": len(answer), "text": "",
                                      "outcome": "dropped", "attempts": attempts})
                break
            if not settled:
                refusal = (" " if answer and not answer[-1].isspace() else "") + \
                    cfg.refusal.strip()
                context.append(self._segment(refusal, "refusal"))
                start = len(answer)
                answer += refusal
                tot.refusals += 1
                sentences.append({"index": len(sentences), "start": start, "end": len(answer),
                                  "text": refusal, "outcome": "refused", "attempts": attempts})
                if on_sentence is not None:
                    on_sentence(SentenceEvent(len(sentences) - 1, refusal, "refused",
                                              len(attempts), answer=answer))
                if backend_failed:
                    stop_reason = "backend_error"
                    break
                if answer_retries >= cfg.max_retries_answer:
                    stop_reason = "rollback_budget"
                    break
                if cfg.max_tokens - tot.tokens_generated < 1:
                    stop_reason = "length"
                    break
        return self._finish(question, answer, passages, verifier, sentences, tot, stop_reason,
                            t_start, first_verified_s, mode="inflight")

    def _steer(self, constraint: Constraint, draft: _Draft, failed: list[ClaimDecision],
               passages: list[Evidence], injected: set[int], context: list[Segment],
               prompt: str, relevance: Callable[[str, Sequence[str]], list[float]],
               tot: Totals) -> tuple[Constraint, dict[str, Any]]:
        mode = self.config.steering
        note: dict[str, Any] = {"mode": mode}
        if mode == "allow":
            allowed = self._allowed_numbers(failed, passages)
            if allowed is not None:
                prev = constraint.allow_numbers
                merged = allowed if prev is None else prev & allowed
                tot.steering["allow"] = tot.steering.get("allow", 0) + 1
                note["allow_numbers"] = sorted(merged)
                return Constraint(ban_first=constraint.ban_first, ban=constraint.ban,
                                  allow_numbers=merged), note
            note["fallback"] = "ban"
        if mode == "inject":
            left = [i for i in range(len(passages)) if i not in injected]
            if left:
                draft_text = "".join(draft.pieces)
                scores = relevance(draft_text, [passages[i].text for i in left])
                best = left[max(range(len(left)), key=lambda j: (scores[j], -j))]
                injected.add(best)
                text = injection_text(prompt, best + 1, passages[best].text)
                seg = self._segment(text, "inject")
                context.append(seg)
                n_tok = len(seg.tokens) if seg.tokens is not None else None
                if n_tok is not None:
                    tot.tokens_injected += n_tok
                tot.steering["inject"] = tot.steering.get("inject", 0) + 1
                note.update(passage=passages[best].chunk_id or passages[best].doc_id,
                            tokens_injected=n_tok, chars_injected=len(text))
                return constraint, note
            note["fallback"] = "ban"
        first = self._first_token(draft)
        tot.steering["ban"] = tot.steering.get("ban", 0) + 1
        if first is None:
            return constraint, note
        note["banned_token"] = first
        return Constraint(ban_first=constraint.ban_first | {first}, ban=constraint.ban,
                          allow_numbers=constraint.allow_numbers), note

    def _posthoc(self, question: str, prompt: str, passages: list[Evidence],
                 verifier: MemoVerifier,
                 on_sentence: Callable[[SentenceEvent], None] | None) -> GenerationResult:
        t_start = time.perf_counter()
        context = [self._segment(prompt, "prompt")]
        ext = self.generator.extend(context, max_tokens=self.config.max_tokens)
        tot = Totals(attempts=1, tokens_generated=len(ext.pieces), tokens_kept=len(ext.pieces),
                      prefill_s=ext.prefill_s, decode_s=ext.decode_s,
                      prompt_tokens=ext.prompt_tokens or 0)
        if ext.cache_hit_tokens is not None:
            tot.prefix_cache_hit_tokens = ext.cache_hit_tokens
            tot.prefix_cache_reported = 1
        answer = ext.text if ext.text.strip() else self.config.refusal
        stop_reason = "eos" if ext.finish_reason == "eos" else "length"
        gen = self._finish(question, answer, passages, verifier, [], tot, stop_reason,
                           t_start, None, mode="posthoc")
        if on_sentence is not None:
            spans: dict[tuple[int, int], bool] = {}
            for c in gen.result.claims:
                key = (c.claim.start, c.claim.end)
                ok = c.decision in (Decision.VERIFIED, Decision.NOT_A_CLAIM)
                spans[key] = spans.get(key, True) and ok
            for i, ((a, b), ok) in enumerate(sorted(spans.items())):
                so_far = tuple(c for c in gen.result.claims if c.claim.start < b)
                on_sentence(SentenceEvent(i, gen.result.answer[a:b] if ok
                                          else self.config.refusal.strip(),
                                          "verified" if ok else "refused", 1,
                                          answer=gen.result.answer[:b], claims=so_far))
        return gen

    def _finish(self, question: str, answer: str, passages: list[Evidence],
                verifier: MemoVerifier, sentences: list[dict[str, Any]], tot: Totals,
                stop_reason: str, t_start: float, first_verified_s: float | None, *,
                mode: str) -> GenerationResult:
        if not answer.strip():
            answer = self.config.refusal
        lead = len(answer) - len(answer.lstrip())
        final_text = answer.strip()
        t0 = time.perf_counter()
        result = verify(question, final_text, evidence=passages, settings=self.settings,
                        verifier=verifier)
        final_verify_s = time.perf_counter() - t0
        if mode == "posthoc":
            tot.verify_s += final_verify_s
            verified = [c for c in result.claims if c.decision == Decision.VERIFIED]
            if verified:
                first_verified_s = time.perf_counter() - t_start
        for s in sentences:
            s["start"] = max(0, s["start"] - lead)
            s["end"] = max(0, s["end"] - lead)
        disagree = []
        for s in sentences:
            if s["outcome"] != "verified":
                continue
            for c in result.claims:
                if (c.claim.start < s["end"] and c.claim.end > s["start"]
                        and c.decision not in (Decision.VERIFIED, Decision.NOT_A_CLAIM)):
                    disagree.append(s["index"])
                    break
        gen_info = {"backend": self.generator.name, "model": self.generator.model_id}
        trace: dict[str, Any] = {
            "format": TRACE_FORMAT,
            "mode": mode,
            "generator": gen_info,
            "steering": self.config.steering,
            "limits": {"max_retries": self.config.max_retries,
                       "max_retries_answer": self.config.max_retries_answer,
                       "max_tokens": self.config.max_tokens,
                       "max_sentence_tokens": self.config.max_sentence_tokens,
                       "refusal": self.config.refusal},
            "sentences": sentences,
            "totals": {
                "sentences": len(sentences),
                "attempts": tot.attempts,
                "rollbacks": tot.rollbacks,
                "refusals": tot.refusals,
                "tokens_generated": tot.tokens_generated,
                "tokens_kept": tot.tokens_kept,
                "tokens_discarded": tot.tokens_discarded,
                "tokens_injected": tot.tokens_injected,
                "prompt_tokens": tot.prompt_tokens,
                "prefix_cache_hit_tokens": tot.prefix_cache_hit_tokens,
                "prefix_cache_reported_calls": tot.prefix_cache_reported,
                "steering": dict(sorted(tot.steering.items())),
                "prefill_s": rounded(tot.prefill_s),
                "decode_s": rounded(tot.decode_s),
                "verify_s": rounded(tot.verify_s),
                "final_verify_s": rounded(final_verify_s),
                "first_verified_s": (rounded(first_verified_s) if first_verified_s is not None
                                     else None),
                "wall_s": rounded(time.perf_counter() - t_start),
                "verifier_pairs_scored": verifier.pairs_scored,
            },
            "final_disagreements": disagree,
            "stop_reason": stop_reason,
        }
        return GenerationResult(result=result, trace=trace, stop_reason=stop_reason)
