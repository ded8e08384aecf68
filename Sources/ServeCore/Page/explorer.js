'use strict';
// The page: the filter browser, the inspector for the selected step, the chain list, the
// preview (with handles for positions and a rectangle tool) and the final image.
const ui = {
  attrs: {}, order: {}, images: [], source: [512, 512],
  $(sel) { return document.querySelector(sel); },

  async start() {
    chain.restore();
    ui.preview = new Renderer(ui.$('#preview'), ui.$('#preview-time'), size => { ui.source = size; ui.drawOverlay(); });
    ui.final = new Renderer(ui.$('#final'), ui.$('#final-time'));
    const [attrs, cats] = await Promise.all([api.json('/api/filters'), api.json('/api/categories')]);
    ui.attrs = attrs;
    ui.order = cats.inputKeys;
    ui.buildBrowser(cats.categories);
    await ui.loadImages();
    ui.wire();
    ui.refresh();
    document.body.dataset.ready = '1';  // wired: automation may click now
  },

  buildBrowser(categories) {
    const root = ui.$('#categories');
    for (const c of categories) {
      const list = controls.el('ul');
      for (const name of c.filters) {
        const a = ui.attrs[name] || {};
        const li = controls.el('li', {'data-filter': name, textContent: a.CIAttributeFilterDisplayName || name, title: name});
        li.dataset.search = [name, a.CIAttributeFilterDisplayName, a.CIAttributeDescription, c.name].join(' ').toLowerCase();
        list.append(li);
      }
      root.append(controls.el('section', {'data-category': c.name},
                              [controls.el('h3', {textContent: c.name.replace(/^CICategory/, '')}), list]));
    }
  },

  async loadImages() {
    const list = await api.json('/api/images');
    ui.images = list.stock.map(n => ({id: n, label: n}))
      .concat(list.uploads.map(u => ({id: u.id, label: `${u.id} (${u.width}×${u.height})`})));
    const select = ui.$('#image-source');
    select.replaceChildren(...ui.images.map(i => controls.el('option', {value: i.id, textContent: i.label})));
    if (!ui.images.some(i => i.id === chain.state.image)) chain.state.image = ui.images.length ? ui.images[0].id : 'astronaut';
    select.value = chain.state.image;
  },

  wire() {
    ui.$('#search').addEventListener('input', e => {
      const q = e.target.value.trim().toLowerCase();
      for (const li of document.querySelectorAll('#categories li')) li.hidden = q && !li.dataset.search.includes(q);
      for (const s of document.querySelectorAll('#categories section')) s.hidden = !s.querySelector('li:not([hidden])');
    });
    ui.$('#categories').addEventListener('click', e => {
      const li = e.target.closest('li[data-filter]');
      if (li) { chain.try(li.dataset.filter); ui.refresh(); }
    });
    ui.$('#image-source').addEventListener('change', e => { chain.state.image = e.target.value; ui.refresh(); });
    ui.$('#upload').addEventListener('change', e => ui.upload(e.target.files[0]));
    ui.$('#load-chain').addEventListener('change', e => ui.loadChain(e.target.files[0]));
    const actions = {
      'add-step': () => chain.add(),
      'reset': () => chain.reset(chain.state.selected),
      'undo': () => chain.undo(),
      'redo': () => chain.redo(),
      'clear-chain': () => chain.clear(),
      'save-chain': () => { ui.saveChain(); return false; },
      'copy-cli': () => { ui.copyCli(); return false; },
    };
    document.body.addEventListener('click', e => {
      const b = e.target.closest('button[data-action]');
      if (!b) return;
      if (b.dataset.action === 'download') { ui.download(b.dataset.format); return; }
      const act = actions[b.dataset.action];
      if (act && act() !== false) ui.refresh();
    });
    ui.wireChainList();
  },

  wireChainList() {
    const list = ui.$('#chain');
    list.addEventListener('click', e => {
      const li = e.target.closest('li[data-step]');
      if (!li) return;
      const id = li.dataset.step, act = e.target.dataset.action;
      if (act === 'remove-step') chain.remove(id);
      else if (act === 'toggle-step') chain.toggle(id);
      else chain.state.selected = id;
      ui.refresh();
    });
    list.addEventListener('dragstart', e => e.dataTransfer.setData('text/plain', e.target.dataset.step));
    list.addEventListener('dragover', e => e.preventDefault());
    list.addEventListener('drop', e => {
      e.preventDefault();
      const id = e.dataTransfer.getData('text/plain'), over = e.target.closest('li[data-step]');
      if (id && (!over || over.dataset.step !== id)) { chain.move(id, over && over.dataset.step); ui.refresh(); }
    });
  },

  // Redraws everything from the state and asks both views for renders.
  refresh() {
    const s = chain.state;
    ui.$('#chain').replaceChildren(...s.steps.map((step, i) => {
      const li = controls.el('li', {'data-step': step.id, draggable: true,
                                    className: (step.id === s.selected ? 'selected ' : '') + (step.enabled ? '' : 'disabled')});
      li.append(controls.el('input', {type: 'checkbox', checked: step.enabled, 'data-action': 'toggle-step', title: 'enabled'}),
                controls.el('span', {className: 'name', textContent: ` ${i + 1}. ${step.filter} `}),
                controls.el('button', {textContent: '✕', 'data-action': 'remove-step', title: 'remove'}));
      return li;
    }));
    for (const li of document.querySelectorAll('#categories li.chosen')) li.classList.remove('chosen');
    const step = chain.step(s.selected);
    ui.$('[data-action="add-step"]').disabled = s.selected !== 'trial';
    ui.$('#preview-label').textContent = step ? (s.selected === 'trial' ? `Chain + ${step.filter}` : `Up to ${step.id} (${step.filter})`) : 'Chain';
    if (step) {
      const a = ui.attrs[step.filter] || {};
      const li = ui.$(`#categories li[data-filter="${step.filter}"]`);
      if (li) li.classList.add('chosen');
      ui.$('#step-title').textContent = (a.CIAttributeFilterDisplayName || step.filter) + (s.selected === 'trial' ? '' : ` — step ${step.id}`);
      ui.$('#step-description').textContent = a.CIAttributeDescription || '';
      ui.tools = controls.build(ui.$('#controls'), a, ui.order[step.filter] || Object.keys(a), step.inputs, (k, v) => ui.edit(k, v), ui.images);
    } else {
      ui.$('#step-title').textContent = 'Choose a filter';
      ui.$('#step-description').textContent = '';
      ui.$('#controls').replaceChildren();
      ui.tools = {positions: [], rects: []};
    }
    ui.drawOverlay();
    chain.persist();
    ui.render();
  },

  edit(key, value) {
    chain.edit(chain.state.selected, key, value);
    chain.persist();
    ui.render();
  },

  render() {
    ui.preview.show(chain.previewRequest());
    ui.final.show(chain.finalRequest());
  },

  // Handles for position inputs and a rectangle tool on the preview, in the image's pixels
  // (Core Image's y goes up).
  drawOverlay() {
    const svg = ui.$('#overlay'), [w, h] = ui.source, ns = 'http://www.w3.org/2000/svg';
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.replaceChildren();
    const tools = ui.tools || {positions: [], rects: []};
    svg.style.pointerEvents = tools.rects.length ? 'all' : 'none';
    for (const r of tools.rects) {
      const box = document.createElementNS(ns, 'rect');
      box.setAttribute('class', 'rect-tool'); box.setAttribute('data-input', r.key);
      const put = v => { box.setAttribute('x', v[0]); box.setAttribute('y', h - v[1] - v[3]); box.setAttribute('width', Math.max(0, v[2])); box.setAttribute('height', Math.max(0, v[3])); };
      put(r.value);
      svg.append(box);
      let start = null;
      svg.onpointerdown = e => {
        if (e.target.classList.contains('handle')) return;
        const b = svg.getBoundingClientRect();
        start = [(e.clientX - b.left) / b.width * w, (1 - (e.clientY - b.top) / b.height) * h];
        svg.setPointerCapture(e.pointerId);
      };
      svg.onpointermove = e => {
        if (!start) return;
        const b = svg.getBoundingClientRect();
        const p = [(e.clientX - b.left) / b.width * w, (1 - (e.clientY - b.top) / b.height) * h];
        const v = [Math.min(start[0], p[0]), Math.min(start[1], p[1]), Math.abs(p[0] - start[0]), Math.abs(p[1] - start[1])].map(Math.round);
        put(v);
        ui.setFields(r.key, v);
        ui.edit(r.key, v);
      };
      svg.onpointerup = () => { start = null; };
    }
    for (const p of tools.positions) {
      const c = document.createElementNS(ns, 'circle');
      c.setAttribute('class', 'handle'); c.setAttribute('data-input', p.key);
      c.setAttribute('r', Math.max(w, h) / 60); c.style.pointerEvents = 'all';
      c.setAttribute('cx', p.value[0]); c.setAttribute('cy', h - p.value[1]);
      svg.append(c);
      controls.drag(c, svg, (fx, fy) => {
        const v = [Math.round(fx * w), Math.round((1 - fy) * h)];
        c.setAttribute('cx', v[0]); c.setAttribute('cy', h - v[1]);
        ui.setFields(p.key, v);
        ui.edit(p.key, v);
      });
    }
  },

  setFields(key, v) {
    const fields = document.querySelectorAll(`#controls [data-input="${key}"] input[type=number]`);
    fields.forEach((f, i) => { if (i < v.length) f.value = String(v[i]); });
  },

  async upload(file) {
    if (!file) return;
    status(`uploading ${file.name}…`);
    try {
      const r = await api.json('/api/upload', {method: 'POST', body: file});
      await ui.loadImages();
      chain.state.image = r.id;
      ui.$('#image-source').value = r.id;
      status(`${file.name}: ${r.width}×${r.height} as ${r.id}`);
      ui.refresh();
    } catch (e) { status(`${file.name}: ${e.message}`, true); }
  },

  async saveChain() {
    try {
      const text = await api.text('/api/chain/export', {method: 'POST', body: JSON.stringify({steps: chain.state.steps})});
      ui.saved = text;
      ui.offer(new Blob([text], {type: 'text/plain'}), 'chain.lua');
    } catch (e) { status(e.message, true); }
  },

  async loadChain(file) {
    if (!file) return;
    try {
      const r = await api.json('/api/chain/import', {method: 'POST', body: await file.text()});
      chain.load(r.steps);
      status(`${file.name}: ${r.steps.length} steps`);
      ui.refresh();
    } catch (e) { status(`${file.name}: ${e.message}`, true); }
  },

  copyCli() {
    const text = chain.cli(name => ui.attrs[name]);
    ui.$('#cli').textContent = text;
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
  },

  async download(format) {
    try {
      const r = await api.render(Object.assign(chain.finalRequest(), {format}));
      ui.offer(r.blob, `lunette.${format === 'jpeg' ? 'jpg' : 'png'}`);
    } catch (e) { status(e.message, true); }
  },

  offer(blob, name) {
    const a = controls.el('a', {href: URL.createObjectURL(blob), download: name});
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  },
};

ui.start().catch(e => status(e.message, true));
