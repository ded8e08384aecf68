'use strict';
// The chain being edited: steps {id, filter, inputs, enabled}, a trial step (the filter being
// browsed, not yet added), the selected step, undo/redo, and a copy kept in localStorage so
// that a reload loses nothing.
const chain = {
  key: 'lunette.explorer.v1',
  state: {image: 'astronaut', steps: [], nextId: 1, selected: null, trial: null},
  undoStack: [], redoStack: [], lastEdit: null,

  restore() {
    try {
      const saved = JSON.parse(localStorage.getItem(chain.key) || 'null');
      if (saved && Array.isArray(saved.steps)) Object.assign(chain.state, saved);
    } catch (e) { /* a broken copy: start afresh */ }
  },
  persist() { try { localStorage.setItem(chain.key, JSON.stringify(chain.state)); } catch (e) { /* full or denied */ } },
  snapshot() {
    const s = chain.state;
    return JSON.stringify({steps: s.steps, nextId: s.nextId, selected: s.selected, trial: s.trial});
  },
  // Records the state before a change; edits of one input in a row are one undo step.
  record(editKey) {
    const now = Date.now();
    if (editKey && chain.lastEdit && chain.lastEdit.key === editKey && now - chain.lastEdit.at < 1500) {
      chain.lastEdit.at = now;
      return;
    }
    chain.lastEdit = editKey ? {key: editKey, at: now} : null;
    chain.undoStack.push(chain.snapshot());
    if (chain.undoStack.length > 200) chain.undoStack.shift();
    chain.redoStack = [];
  },
  undo() { chain.swap(chain.undoStack, chain.redoStack); },
  redo() { chain.swap(chain.redoStack, chain.undoStack); },
  swap(from, to) {
    if (!from.length) return false;
    to.push(chain.snapshot());
    Object.assign(chain.state, JSON.parse(from.pop()));
    chain.lastEdit = null;
    return true;
  },

  step(id) { return id === 'trial' ? chain.state.trial : chain.state.steps.find(s => s.id === id); },
  try(filter) {
    chain.record();
    chain.state.trial = {id: 'trial', filter, inputs: {}, enabled: true};
    chain.state.selected = 'trial';
  },
  add() {
    const t = chain.state.trial;
    if (!t) return null;
    chain.record();
    const id = 's' + chain.state.nextId++;
    chain.state.steps.push({id, filter: t.filter, inputs: t.inputs, enabled: true});
    chain.state.trial = null;
    chain.state.selected = id;
    return id;
  },
  remove(id) {
    chain.record();
    chain.state.steps = chain.state.steps.filter(s => s.id !== id);
    if (chain.state.selected === id) chain.state.selected = null;
  },
  toggle(id) { chain.record(); const s = chain.step(id); s.enabled = !s.enabled; },
  move(id, before) {
    chain.record();
    const steps = chain.state.steps, i = steps.findIndex(s => s.id === id);
    const [s] = steps.splice(i, 1);
    const j = before ? steps.findIndex(x => x.id === before) : -1;
    steps.splice(j < 0 ? steps.length : j, 0, s);
  },
  edit(id, key, value) {
    const s = chain.step(id);
    if (!s) return;
    chain.record(id + '.' + key);
    if (value === undefined) delete s.inputs[key]; else s.inputs[key] = value;
  },
  reset(id) { chain.record(); const s = chain.step(id); if (s) s.inputs = {}; },
  clear() { chain.record(); Object.assign(chain.state, {steps: [], selected: null, trial: null, nextId: 1}); },
  load(steps) {
    chain.record();
    chain.state.steps = steps.map(s => ({id: s.id, filter: s.filter, inputs: s.inputs || {}, enabled: s.enabled !== false}));
    const numbers = steps.map(s => Number((/^s(\d+)$/.exec(s.id) || [0, 0])[1]));
    chain.state.nextId = Math.max(0, ...numbers) + 1;
    chain.state.selected = null;
    chain.state.trial = null;
  },

  // Render bodies: the preview shows the result up to the selected step (or the trial).
  previewRequest() {
    const s = chain.state;
    if (s.selected === 'trial' && s.trial) return {image: s.image, steps: s.steps.concat([s.trial])};
    if (s.selected && chain.step(s.selected)) return {image: s.image, steps: s.steps, upto: s.selected};
    return {image: s.image, steps: s.steps};
  },
  finalRequest() { return {image: chain.state.image, steps: chain.state.steps}; },

  // `lunette apply` lines for the enabled steps (image inputs cannot be spelt on a command line).
  cli(attrsOf) {
    const parts = [];
    for (const s of chain.state.steps.filter(x => x.enabled)) {
      const attrs = attrsOf(s.filter) || {};
      const args = Object.keys(s.inputs).sort().filter(k => !(s.inputs[k] && s.inputs[k].image)).map(k => {
        const v = s.inputs[k], cls = (attrs[k] || {}).CIAttributeClass;
        let text;
        if (Array.isArray(v)) text = (cls === 'CIColor' ? 'Color' : cls === 'NSValue' ? 'Transform' : 'Vector') + '(' + v.join(', ') + ')';
        else if (typeof v === 'string') text = JSON.stringify(v).replace(/\\u([0-9a-f]{4})/g, '\\u{$1}');
        else text = String(v);
        const rest = k.startsWith('input') ? k.slice(5) : k;
        return (/[A-Z]/.test(rest.slice(1, 2)) ? rest : rest.slice(0, 1).toLowerCase() + rest.slice(1)) + ' = ' + text;
      });
      parts.push("-f '" + `${s.filter}{${args.join(', ')}}`.replace(/'/g, "'\\''") + "'");
    }
    return 'lunette apply in.png -o out.png \\\n  ' + (parts.join(' \\\n  ') || "-f 'CISepiaTone{}'");
  },
};
