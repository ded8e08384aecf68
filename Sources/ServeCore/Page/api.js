'use strict';
// The JSON API (see `lunette serve --help`) and the renderers that keep one request in flight
// per view: newer requests replace a waiting one, a stale full-resolution render is aborted.
const api = {
  // fetch, coming back while the server answers 503 (busy) for a few seconds
  async fetch(path, options) {
    for (let attempt = 0; ; attempt++) {
      const r = await fetch(path, options);
      if (r.status !== 503 || attempt >= 20) return r;
      await new Promise(ok => setTimeout(ok, 250));
    }
  },
  async json(path, options) {
    const r = await api.fetch(path, options);
    const body = await r.json();
    if (!r.ok) throw new Error(body.error || r.statusText);
    return body;
  },
  async text(path, options) {
    const r = await api.fetch(path, options);
    if (!r.ok) throw new Error((await r.json()).error || r.statusText);
    return r.text();
  },
  async render(request, signal) {
    const r = await fetch('/api/render', {method: 'POST', body: JSON.stringify(request), signal,
                                          headers: {'Content-Type': 'application/json'}});
    if (!r.ok) {
      let message = r.statusText;
      try { message = (await r.json()).error; } catch (e) { /* not JSON */ }
      const err = new Error(message);
      err.status = r.status;
      err.retryAfter = Number(r.headers.get('Retry-After') || 0);
      throw err;
    }
    return {blob: await r.blob(), ms: Number(r.headers.get('X-Render-Time')),
            source: (r.headers.get('X-Source-Size') || '0x0').split('x').map(Number)};
  },
};

// This tab's id: a render carries `session` = tab id + view, so the server cancels this
// view's stale render in flight when a newer one arrives (it answers 409, ignored here).
api.tab = Math.random().toString(36).slice(2, 10);

// One view (`img`): a quick low-resolution render first, then full resolution.
class Renderer {
  constructor(img, label, onSource) {
    this.img = img; this.label = label; this.onSource = onSource; this.session = `${api.tab}/${img.id}`;
    this.flight = null; this.pending = null; this.url = null; this.generation = 0;
  }
  // request: a render body without size; `quick`: the longest side of the first render.
  show(request, quick = 384) {
    this.generation++;
    this.pending = {request, quick, generation: this.generation, full: false};
    if (this.flight && this.flight.full) this.flight.controller.abort();
    if (!this.flight) this.next();
  }
  next() {
    const job = this.pending;
    if (!job) return;
    this.pending = null;
    const body = Object.assign({}, job.request);
    if (!job.full) body.size = job.quick;
    body.session = this.session;
    body.compression = 1;  // PNG's fastest zlib level: a preview is encoded once and shown once
    const controller = new AbortController();
    this.flight = {controller, full: job.full};
    const started = performance.now();
    api.render(body, controller.signal).then(result => {
      if (job.generation >= (this.shown || 0)) {
        this.shown = job.generation;
        if (this.url) URL.revokeObjectURL(this.url);
        this.url = URL.createObjectURL(result.blob);
        this.img.src = this.url;
        this.img.dataset.generation = job.generation;
        this.img.dataset.full = job.full ? '1' : '0';
        this.label.textContent = `${result.ms.toFixed(0)} ms render, ${(performance.now() - started).toFixed(0)} ms round trip` +
                                 (job.full ? '' : ' (quick)');
        if (this.onSource) this.onSource(result.source);
      }
      // the quick render of the latest state is in: follow it with full resolution
      if (!this.pending && !job.full && job.generation === this.generation) {
        this.pending = Object.assign({}, job, {full: true});
      }
    }, err => {
      if (err.name === 'AbortError' || err.status === 409) return;  // superseded
      if (err.status === 503) { this.retry = job; return; }  // busy: again shortly, unless superseded
      if (job.generation === this.generation) status(err.message, true);
    }).finally(() => {
      this.flight = null;
      const retry = this.retry;
      this.retry = null;
      if (this.pending && this.pending.generation === this.generation) this.next();
      else if (retry && retry.generation === this.generation) {
        setTimeout(() => { if (!this.flight && !this.pending) { this.pending = retry; this.next(); } }, 150);
      } else this.pending = null;
    });
  }
}

function status(text, error = false) {
  const el = document.getElementById('status');
  el.textContent = text;
  el.classList.toggle('error', error);
  if (error) console.warn(text);
}
