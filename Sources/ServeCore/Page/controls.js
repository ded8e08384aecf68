'use strict';
// Controls from attribute dictionaries: a slider and number field per numeric input, colour
// pickers, vector fields, handles on the preview for positions, a rectangle tool, image
// pickers, text fields, curve editors for CIToneCurve and CIColorCurves (curves.js). `edit(key, value)` reports a change
// (value undefined: back to the default); values are JSON as `filters --json` writes them.
const controls = {
  numberRange(a) {
    const lo = a.CIAttributeSliderMin ?? a.CIAttributeMin ?? Math.min(0, a.CIAttributeDefault ?? 0);
    let hi = a.CIAttributeSliderMax ?? a.CIAttributeMax;
    if (hi === undefined) hi = Math.max(1, 2 * Math.abs(a.CIAttributeDefault ?? 1));
    return [lo, hi];
  },
  el(tag, props = {}, children = []) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k.startsWith('data-') || k === 'for') e.setAttribute(k, v); else e[k] = v;
    }
    for (const c of children) e.append(c);
    return e;
  },
  numberField(value, onInput, min, max) {
    const f = controls.el('input', {type: 'number', step: 'any', value: String(value)});
    if (min !== undefined) f.min = min;
    if (max !== undefined) f.max = max;
    f.addEventListener('change', () => {
      let v = Number(f.value);
      if (!Number.isFinite(v)) return;
      if (min !== undefined) v = Math.max(min, v);
      if (max !== undefined) v = Math.min(max, v);
      f.value = String(v);
      onInput(v);
    });
    return f;
  },
  // One control per input of `attrs` (keys in `order`), editing `values`.
  build(container, attrs, order, values, edit, images) {
    container.replaceChildren();
    const positions = [], rects = [];
    const curve = ['inputPoint0', 'inputPoint1', 'inputPoint2', 'inputPoint3', 'inputPoint4'].every(k => attrs[k]);
    for (const key of order) {
      const a = attrs[key];
      if (!a || key === 'inputImage') continue;
      if (curve && key.startsWith('inputPoint')) continue;
      if (key === 'inputCurvesData' && a.CIAttributeClass === 'NSData') {  // CIColorCurves (curves.js)
        container.append(controls.colorCurves(key, values[key], edit));
        continue;
      }
      const value = values[key] !== undefined ? values[key] : a.CIAttributeDefault;
      const box = controls.el('div', {className: 'control', 'data-input': key});
      box.append(controls.el('label', {textContent: a.CIAttributeDisplayName || key, title: a.CIAttributeDescription || ''}));
      const row = controls.el('div', {className: 'row'});
      box.append(row);
      const cls = a.CIAttributeClass, type = a.CIAttributeType;
      if (cls === 'NSNumber' && type === 'CIAttributeTypeBoolean') {
        const c = controls.el('input', {type: 'checkbox', checked: !!value});
        c.addEventListener('change', () => edit(key, c.checked ? 1 : 0));
        row.append(c);
      } else if (cls === 'NSNumber') {
        const [lo, hi] = controls.numberRange(a);
        const whole = type === 'CIAttributeTypeCount' || type === 'CIAttributeTypeInteger';
        const slider = controls.el('input', {type: 'range', min: lo, max: hi, step: whole ? 1 : (hi - lo) / 1000, value: String(value ?? lo)});
        const field = controls.numberField(value ?? lo, v => { slider.value = String(v); edit(key, v); }, a.CIAttributeMin, a.CIAttributeMax);
        slider.addEventListener('input', () => { field.value = slider.value; edit(key, Number(slider.value)); });
        row.append(slider, field);
      } else if (cls === 'CIColor') {
        const c = Array.isArray(value) ? value : [0, 0, 0, 1];
        const hex = '#' + c.slice(0, 3).map(x => Math.round(Math.max(0, Math.min(1, x)) * 255).toString(16).padStart(2, '0')).join('');
        const pick = controls.el('input', {type: 'color', value: hex});
        const alpha = controls.el('input', {type: 'range', min: 0, max: 1, step: 0.01, value: String(c[3] ?? 1), title: 'alpha'});
        const send = () => {
          const h = pick.value;
          edit(key, [1, 3, 5].map(i => parseInt(h.substr(i, 2), 16) / 255).concat([Number(alpha.value)]));
        };
        pick.addEventListener('input', send);
        alpha.addEventListener('input', send);
        row.append(pick, alpha);
      } else if (cls === 'CIVector' || (cls === 'NSValue' && Array.isArray(value))) {
        const v = Array.isArray(value) ? value.slice() : [0, 0];
        v.forEach((x, i) => row.append(controls.numberField(x, n => { v[i] = n; edit(key, v.slice()); })));
        if (type === 'CIAttributeTypePosition') positions.push({key, value: v});
        if (type === 'CIAttributeTypeRectangle') rects.push({key, value: v});
      } else if (cls === 'CIImage') {
        const s = controls.el('select');
        s.append(controls.el('option', {value: '', textContent: '(stock image for its role)'}));
        for (const img of images) s.append(controls.el('option', {value: img.id, textContent: img.label}));
        s.value = values[key] && values[key].image || '';
        s.addEventListener('change', () => edit(key, s.value ? {image: s.value} : undefined));
        row.append(s);
      } else {
        const t = controls.el('input', {type: 'text', value: typeof value === 'string' ? value : ''});
        t.addEventListener('change', () => edit(key, t.value));
        row.append(t);
      }
      container.append(box);
    }
    if (curve) container.append(controls.curve(attrs, values, edit));
    return {positions, rects};
  },
  // CIToneCurve's five points on one editor: drag a point, the others stay.
  curve(attrs, values, edit) {
    const keys = [0, 1, 2, 3, 4].map(i => 'inputPoint' + i);
    const pts = keys.map(k => (values[k] || attrs[k].CIAttributeDefault).slice());
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '-0.05 -0.05 1.1 1.1');
    svg.setAttribute('class', 'curve');
    svg.setAttribute('data-input', 'inputPoint0-4');
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('fill', 'none'); line.setAttribute('stroke', '#335'); line.setAttribute('stroke-width', '0.01');
    svg.append(line);
    const dots = pts.map((p, i) => {
      const c = document.createElementNS(ns, 'circle');
      c.setAttribute('r', '0.03'); c.setAttribute('class', 'handle'); c.setAttribute('data-input', keys[i]);
      svg.append(c);
      return c;
    });
    const draw = () => {
      line.setAttribute('points', pts.map(p => `${p[0]},${1 - p[1]}`).join(' '));
      pts.forEach((p, i) => { dots[i].setAttribute('cx', p[0]); dots[i].setAttribute('cy', 1 - p[1]); });
    };
    draw();
    dots.forEach((d, i) => controls.drag(d, svg, (x, y) => {
      pts[i] = [Math.max(0, Math.min(1, x * 1.1 - 0.05)), Math.max(0, Math.min(1, 1 - (y * 1.1 - 0.05)))];
      draw();
      edit(keys[i], pts[i].slice());
    }));
    const box = controls.el('div', {className: 'control'}, [controls.el('label', {textContent: 'Curve'}), svg]);
    return box;
  },
  // Calls move(x, y) with the pointer's position as fractions of `frame` while dragging `target`.
  drag(target, frame, move) {
    target.addEventListener('pointerdown', e => {
      e.preventDefault();
      target.setPointerCapture(e.pointerId);
      const onMove = ev => {
        const r = frame.getBoundingClientRect();
        move((ev.clientX - r.left) / r.width, (ev.clientY - r.top) / r.height);
      };
      const stop = () => { target.removeEventListener('pointermove', onMove); target.removeEventListener('pointerup', stop); };
      target.addEventListener('pointermove', onMove);
      target.addEventListener('pointerup', stop);
    });
  },
};
