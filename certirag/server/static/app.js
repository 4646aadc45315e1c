// certirag web page: plain JavaScript, no build step, no third-party code.
// The API key lives only in the `apiKey` variable of this closure (never in storage).
// Offsets from the server are Python code points; JavaScript strings are UTF-16, so every
// slice by server offsets goes through codePointSlice().
"use strict";

(() => {
  let apiKey = null;
  let lastResult = null;

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v);
    }
    for (const c of children) node.append(c);
    return node;
  };

  // ---- text offsets ------------------------------------------------------------------
  /** The substring of `text` between code-point offsets `start` and `end`. */
  function codePointSlice(text, start, end) {
    return Array.from(text).slice(start, end).join("");
  }

  /** Split `text` at code-point offsets [start, end): [before, inside, after]. */
  function codePointSplit(text, start, end) {
    const cps = Array.from(text);
    return [cps.slice(0, start).join(""), cps.slice(start, end).join(""),
            cps.slice(end).join("")];
  }

  // ---- HTTP --------------------------------------------------------------------------
  async function api(method, path, body) {
    if (!apiKey) throw new Error("set an API key first");
    const init = { method, headers: { Authorization: `Bearer ${apiKey}` } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!response.ok) {
      const message = data && data.error ? data.error.message : text || response.statusText;
      throw new Error(`${response.status}: ${message}`);
    }
    return { data, text, response };
  }

  function setStatus(node, message, isError = false) {
    node.textContent = message;
    node.classList.toggle("error", isError);
  }

  // ---- API key -----------------------------------------------------------------------
  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("api-key").value.trim();
    if (!value) return;
    apiKey = value;
    $("api-key").value = "";
    setStatus($("key-status"), `Key set (…${value.slice(-4)}), held in this tab's memory.`);
  });
  $("key-forget").addEventListener("click", () => {
    apiKey = null;
    setStatus($("key-status"), "No key set.");
  });

  // ---- ingest ------------------------------------------------------------------------
  $("ingest-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const status = $("ingest-status");
    const doc = { id: $("ingest-id").value.trim(), text: $("ingest-text").value };
    const title = $("ingest-title").value.trim();
    if (title) doc.title = title;
    setStatus(status, "Ingesting…");
    try {
      const { data } = await api("POST", "/v1/ingest",
                                 { index: $("ingest-index").value.trim(), documents: [doc] });
      setStatus(status, `Ingested into “${data.index}”: ${data.added} added, ${data.updated} ` +
                        `updated, ${data.unchanged} unchanged; ${data.documents} documents, ` +
                        `${data.chunks} chunks.`);
    } catch (err) {
      setStatus(status, `Ingest failed: ${err.message}`, true);
    }
  });

  // ---- verify / ask ------------------------------------------------------------------
  const radios = (name) => Array.from(document.querySelectorAll(`input[name=${name}]`));
  const chosen = (name) => radios(name).find((r) => r.checked).value;
  function syncForm() {
    const ask = chosen("task") === "ask";
    $("answer-box").hidden = ask;
    const fromIndex = ask || chosen("source") === "index";
    if (ask) radios("source").find((r) => r.value === "index").checked = true;
    radios("source").forEach((r) => { r.disabled = ask && r.value === "passages"; });
    $("passages-box").hidden = fromIndex;
    $("index-box").hidden = !fromIndex;
    $("verify-button").textContent = ask ? "Ask" : "Verify";
  }
  [...radios("task"), ...radios("source")].forEach((r) => r.addEventListener("change", syncForm));
  syncForm();

  function parsePassages(text) {
    return text.split(/^\s*---\s*$/m).map((p) => p.trim()).filter((p) => p.length > 0)
      .map((p, i) => ({ id: `p${i + 1}`, text: p }));
  }

  $("verify-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const status = $("verify-status");
    const button = $("verify-button");
    button.disabled = true;
    try {
      if (chosen("task") === "ask") await ask(status);
      else await verify(status);
    } catch (err) {
      setStatus(status, `Failed: ${err.message}`, true);
    } finally {
      button.disabled = false;
    }
  });

  async function verify(status) {
    const body = { question: $("question").value, answer: $("answer").value,
                   display: $("display").value, include_passages: true };
    if (chosen("source") === "index") body.index = $("verify-index").value.trim();
    else body.evidence = parsePassages($("passages").value);
    setStatus(status, "Verifying…");
    const { data } = await api("POST", "/v1/verify", body);
    showResult(data);
    setStatus(status, "Done.");
  }

  async function ask(status) {
    if (!apiKey) throw new Error("set an API key first");
    const body = { question: $("question").value, index: $("verify-index").value.trim(),
                   display: $("display").value };
    setStatus(status, "Generating…");
    clearResult();
    const live = $("answer-view");
    const response = await fetch("/v1/ask", {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json",
                 Accept: "text/event-stream" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const text = await response.text();
      let message = text;
      try { message = JSON.parse(text).error.message; } catch (e) { /* plain text */ }
      throw new Error(`${response.status}: ${message}`);
    }
    for await (const { event, data } of readEvents(response)) {
      if (event === "sentence") {
        live.append(el("span", { class: "streamed", text: data.text + " " }));
      } else if (event === "withheld") {
        live.append(el("span", { class: "streamed badge d-unverified", text: data.text }), " ");
      } else if (event === "result") {
        showResult(data);
      } else if (event === "error") {
        throw new Error(data.message || "the stream failed");
      }
    }
    setStatus(status, "Done.");
  }

  /** Server-Sent Events from a fetch response (EventSource cannot send headers). */
  async function* readEvents(response) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = "message";
        const lines = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) lines.push(line.slice(5).replace(/^ /, ""));
        }
        if (lines.length) yield { event, data: JSON.parse(lines.join("\n")) };
      }
    }
  }

  // ---- showing a result --------------------------------------------------------------
  function clearResult() {
    lastResult = null;
    $("answer-view").replaceChildren();
    $("rendered").textContent = "";
    $("summary").textContent = "Working…";
    $("detail").replaceChildren(el("p", { text: "No claim selected." }));
    $("cert-id").textContent = "No certificate yet.";
    $("cert-json").value = "";
    $("signature-status").replaceChildren();
  }

  function groupDecision(claims) {
    const ds = new Set(claims.map((c) => c.decision));
    if (ds.size === 1 && ds.has("not_a_claim")) return "not_a_claim";
    if ([...ds].every((d) => d === "verified")) return "verified";
    if (ds.has("blocked")) return "blocked";
    return "unverified";
  }

  const LABEL = { verified: "verified", unverified: "unverified", blocked: "blocked",
                  not_a_claim: "not a claim" };

  function showResult(data) {
    clearResult();
    lastResult = data;
    const s = data.stats;
    $("summary").textContent = `${s.total} claims: ${s.verified} verified, ${s.unverified} ` +
      `unverified, ${s.blocked} blocked, ${s.not_a_claim} not a claim.`;
    $("rendered").textContent = data.rendered;

    // Claims grouped by sentence span, in answer order (code-point offsets).
    const groups = [];
    for (const c of [...data.claims].sort((a, b) => a.start - b.start || a.end - b.end)) {
      const last = groups[groups.length - 1];
      if (last && c.start < last.end) {
        last.claims.push(c);
        last.end = Math.max(last.end, c.end);
      } else {
        groups.push({ start: c.start, end: c.end, claims: [c] });
      }
    }
    const view = $("answer-view");
    const answer = data.answer;
    let at = 0;
    groups.forEach((g, n) => {
      if (g.start > at) view.append(codePointSlice(answer, at, g.start));
      const decision = groupDecision(g.claims);
      const button = el("button", { type: "button", class: `claim d-${decision}`,
                                    "aria-pressed": "false", "data-group": String(n),
                                    "data-decision": decision },
                        codePointSlice(answer, g.start, g.end), " ",
                        el("span", { class: "badge", text: LABEL[decision] }));
      const select = () => showDetail(g, button);
      button.addEventListener("click", select);
      button.addEventListener("focus", select);
      view.append(button);
      at = g.end;
    });
    if (at < Array.from(answer).length) view.append(codePointSlice(answer, at));

    if (data.certificate_id) showCertificateId(data.certificate_id);
    $("result-h").focus();
  }

  function findPassage(ev) {
    const passages = (lastResult && lastResult.passages) || [];
    return passages.find((p) => p.doc_id === ev.doc_id && p.chunk_id === ev.chunk_id &&
                                p.start <= ev.start && ev.end <= p.end) || null;
  }

  function showDetail(group, button) {
    document.querySelectorAll("button.claim").forEach((b) => b.setAttribute("aria-pressed",
                                                                                "false"));
    button.setAttribute("aria-pressed", "true");
    const box = $("detail");
    box.replaceChildren();
    for (const c of group.claims) {
      const part = el("div", { class: "claim-detail", "data-claim": c.id });
      part.append(el("h3", {}, `Claim ${c.id} `,
                     el("span", { class: `badge d-${c.decision}`, text: LABEL[c.decision] })));
      part.append(el("p", {}, el("strong", { text: "Checked as: " }), c.text));
      const reasons = el("ul", { class: "reasons" });
      for (const r of c.reasons) {
        reasons.append(el("li", {}, el("code", { text: r.code }), ` ${r.message}`,
                          r.text ? ` (“${r.text}”)` : ""));
      }
      part.append(el("h4", { text: "Reasons" }), reasons);
      if (c.scores) {
        const row = (name, v) => el("tr", {}, el("th", { scope: "row", text: name }),
                                    el("td", { text: v == null ? "—" : v.toFixed(3) }));
        part.append(el("h4", { text: "Scores" }),
                    el("table", {}, row("entailment", c.scores.entailment),
                       row("neutral", c.scores.neutral),
                       row("contradiction", c.scores.contradiction)));
      }
      part.append(el("h4", { text: "Evidence" }));
      if (!c.evidence.length) part.append(el("p", { text: "No evidence span supports it." }));
      for (const ev of c.evidence) part.append(evidenceView(ev));
      box.append(part);
    }
  }

  function evidenceView(ev) {
    const where = `${ev.doc_id}${ev.chunk_id ? ` (${ev.chunk_id})` : ""}, characters ` +
                  `${ev.start}–${ev.end}`;
    const wrap = el("figure", { class: "evidence" });
    wrap.append(el("figcaption", { text: `Source: ${where}` }));
    const passage = findPassage(ev);
    if (!passage) {
      wrap.append(el("blockquote", { class: "passage" }, el("mark", { text: ev.text })));
      wrap.append(el("p", { class: "hint", text: "Source passage not available; the span " +
                                                  "alone is shown." }));
      return wrap;
    }
    const [before, inside, after] = codePointSplit(passage.text, ev.start - passage.start,
                                                   ev.end - passage.start);
    const quote = el("blockquote", { class: "passage" }, before,
                     el("mark", { text: inside }), after);
    wrap.append(quote);
    if (inside !== ev.text) {
      wrap.append(el("p", { class: "error",
                            text: "Warning: the span's offsets do not match its text." }));
    }
    return wrap;
  }

  // ---- certificate -------------------------------------------------------------------
  async function showCertificateId(id) {
    $("cert-id").replaceChildren("Certificate id: ", el("code", { text: id }));
    try {
      const { text } = await api("GET", `/v1/certificates/${id}`);
      $("cert-json").value = text;
    } catch (err) {
      $("cert-id").append(el("span", { class: "error", text: ` (could not load: ${err.message})` }));
    }
  }

  function b64decode(text) {
    let clean = String(text).trim().replace(/-/g, "+").replace(/_/g, "/");
    while (clean.length % 4) clean += "=";
    const bin = atob(clean);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function concat(...parts) {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  }

  /** DSSE v1 pre-authentication encoding (lengths are byte lengths). */
  function pae(payloadType, payload) {
    const enc = new TextEncoder();
    const type = enc.encode(payloadType);
    return concat(enc.encode(`DSSEv1 ${type.length} `), type,
                  enc.encode(` ${payload.length} `), payload);
  }

  function pemToDer(pem) {
    const m = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem);
    if (!m) throw new Error("paste a PEM public key (-----BEGIN PUBLIC KEY-----)");
    return b64decode(m[1].replace(/\s+/g, ""));
  }

  async function checkSignature() {
    const out = $("signature-status");
    out.replaceChildren();
    const line = (cls, text) => out.append(el("p", { class: cls, text }));
    try {
      if (!window.crypto || !crypto.subtle) {
        throw new Error("WebCrypto is unavailable: open this page over https or on localhost");
      }
      const envelope = JSON.parse($("cert-json").value);
      if (typeof envelope.payload !== "string" || !Array.isArray(envelope.signatures)) {
        throw new Error("not a DSSE envelope (payload and signatures are missing)");
      }
      const payload = b64decode(envelope.payload);
      const key = await crypto.subtle.importKey("spki", pemToDer($("public-key").value),
                                                { name: "Ed25519" }, true, ["verify"]);
      const keyId = hex(await crypto.subtle.digest("SHA-256",
                                                   await crypto.subtle.exportKey("raw", key)));
      const message = pae(envelope.payloadType, payload);
      let valid = false;
      for (const s of envelope.signatures) {
        const sig = b64decode(s.sig);
        if (await crypto.subtle.verify({ name: "Ed25519" }, key, sig, message)) valid = true;
      }
      const certId = hex(await crypto.subtle.digest("SHA-256", payload));
      if (valid) {
        line("ok", `Signature valid: signed by key ${keyId.slice(0, 16)}…`);
      } else {
        line("bad", `Signature INVALID for key ${keyId.slice(0, 16)}…: the certificate was ` +
                    "changed or signed with another key.");
      }
      line("", `Certificate id (sha256 of the payload): ${certId}`);
      const statement = JSON.parse(new TextDecoder().decode(payload));
      const answer = statement.predicate && statement.predicate.answer;
      if (answer && typeof answer.text === "string") {
        const digest = hex(await crypto.subtle.digest("SHA-256",
                                                      new TextEncoder().encode(answer.text)));
        line(digest === answer.sha256 ? "ok" : "bad",
             digest === answer.sha256 ? "Answer digest matches the answer text."
                                      : "Answer digest does NOT match the answer text.");
      }
      out.dataset.valid = String(valid);
    } catch (err) {
      line("bad", `Could not check: ${err.message}`);
      out.dataset.valid = "false";
    }
  }
  $("verify-signature").addEventListener("click", checkSignature);

  // Exposed for tests of the offset conversion.
  window.certirag = { codePointSlice, codePointSplit, pae };
})();
