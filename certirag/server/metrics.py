"""Prometheus metrics of one app, in a registry of its own (never the global one)."""

from __future__ import annotations

from typing import Any

__all__ = ["CONTENT_TYPE", "Metrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    """Counters and histograms exposed at ``/metrics`` in the Prometheus text format."""

    def __init__(self) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter("certirag_http_requests", "HTTP requests handled",
                                ["method", "route", "status"], registry=self.registry)
        self.latency = Histogram("certirag_http_request_duration_seconds",
                                 "Time to answer an HTTP request", ["route"],
                                 buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
                                          5.0, 10.0, 30.0, 60.0),
                                 registry=self.registry)
        self.in_flight = Gauge("certirag_http_requests_in_flight", "Requests being handled",
                               registry=self.registry)
        self.claims = Counter("certirag_claims", "Claims decided, by decision",
                              ["decision"], registry=self.registry)
        self.withheld_reasons = Counter("certirag_withheld_reasons",
                                        "Reasons given for withheld claims", ["code"],
                                        registry=self.registry)
        self.certificates = Counter("certirag_certificates_issued",
                                    "Certificates signed and appended to the ledger",
                                    registry=self.registry)
        self.auth_failures = Counter("certirag_auth_failures",
                                     "Requests refused for a missing or unknown API key",
                                     registry=self.registry)
        self.rate_limited = Counter("certirag_rate_limited",
                                    "Requests refused by the per-key rate limit",
                                    registry=self.registry)

    def observe_request(self, method: str, route: str, status: int, seconds: float) -> None:
        self.requests.labels(method=method, route=route, status=str(status)).inc()
        self.latency.labels(route=route).observe(seconds)

    def observe_result(self, result: dict[str, Any]) -> None:
        """Count the decisions (and withheld reasons) of a ``VerificationResult.to_dict()``."""
        for claim in result.get("claims", []):
            decision = str(claim.get("decision"))
            self.claims.labels(decision=decision).inc()
            if decision in ("unverified", "blocked"):
                for reason in claim.get("reasons", []):
                    self.withheld_reasons.labels(code=str(reason.get("code"))).inc()

    def render(self) -> bytes:
        from prometheus_client import generate_latest

        return bytes(generate_latest(self.registry))
