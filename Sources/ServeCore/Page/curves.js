'use strict';
// CIColorCurves' editor: the curves data is N (r, g, b) samples spread evenly over the
// domain, interpolated linearly, so the editor shows exactly those samples as handles and
// the lines between them (what the filter applies). Drag a handle up or down; the channel
// buttons pick R, G, B or all three; "points" resamples the curves to 5, 9 or 17 samples.
// The value sent is the flat list r0, g0, b0, r1, … (a Vector the filter reads as triples).
controls.colorCurves = function(key, value, edit) {
  const triples = v => Array.isArray(v) && v.length >= 6 && v.length % 3 === 0 ? v : null;
  let samples = triples(value);
  const fresh = n => Array.from({length: n}, (_, i) => [i / (n - 1), i / (n - 1), i / (n - 1)]);
  let pts = samples ? Array.from({length: samples.length / 3}, (_, i) => samples.slice(3 * i, 3 * i + 3)) : fresh(9);
  if (pts.length > 33) pts = resample(pts, 17);  // a dense table: edit a coarser one
  let channel = -1;  // -1: all three
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '-0.05 -0.05 1.1 1.1');
  svg.setAttribute('class', 'curve');
  svg.setAttribute('data-input', key);
  const colours = ['#c33', '#3a3', '#36c'];
  const lines = colours.map(c => {
    const l = document.createElementNS(ns, 'polyline');
    l.setAttribute('fill', 'none'); l.setAttribute('stroke', c); l.setAttribute('stroke-width', '0.01');
    svg.append(l);
    return l;
  });
  let dots = [];
  function resample(p, n) {
    return Array.from({length: n}, (_, i) => {
      const s = i / (n - 1) * (p.length - 1), k = Math.min(Math.floor(s), p.length - 2), t = s - k;
      return [0, 1, 2].map(c => p[k][c] + (p[k + 1][c] - p[k][c]) * t);
    });
  }
  const x = i => i / (pts.length - 1);
  const draw = () => {
    lines.forEach((l, c) => {
      l.setAttribute('points', pts.map((p, i) => `${x(i)},${1 - p[c]}`).join(' '));
      l.setAttribute('opacity', channel < 0 || channel === c ? '1' : '0.3');
    });
    dots.forEach((d, i) => {
      d.setAttribute('cx', x(i));
      d.setAttribute('cy', 1 - (channel < 0 ? (pts[i][0] + pts[i][1] + pts[i][2]) / 3 : pts[i][channel]));
    });
  };
  const send = () => edit(key, pts.flat());
  const handles = () => {
    dots.forEach(d => d.remove());
    dots = pts.map((_, i) => {
      const c = document.createElementNS(ns, 'circle');
      c.setAttribute('r', '0.025'); c.setAttribute('class', 'handle'); c.setAttribute('data-point', String(i));
      svg.append(c);
      controls.drag(c, svg, (_, y) => {
        const v = Math.max(0, Math.min(1, 1 - (y * 1.1 - 0.05)));
        for (const ch of channel < 0 ? [0, 1, 2] : [channel]) pts[i][ch] = v;
        draw();
        send();
      });
      return c;
    });
    draw();
  };
  handles();
  const buttons = ['RGB', 'R', 'G', 'B'].map((name, i) => {
    const b = controls.el('button', {type: 'button', textContent: name, 'data-channel': name});
    b.addEventListener('click', () => {
      channel = i - 1;
      buttons.forEach(o => o.classList.toggle('on', o === b));
      draw();
    });
    return b;
  });
  buttons[0].classList.add('on');
  const count = controls.el('select', {title: 'samples per curve'});
  for (const n of [5, 9, 17]) count.append(controls.el('option', {value: String(n), textContent: `${n} points`}));
  count.value = [5, 9, 17].includes(pts.length) ? String(pts.length) : '';
  count.addEventListener('change', () => { pts = resample(pts, Number(count.value)); handles(); send(); });
  const reset = controls.el('button', {type: 'button', textContent: 'identity'});
  reset.addEventListener('click', () => { pts = fresh(pts.length); draw(); edit(key, undefined); });
  return controls.el('div', {className: 'control', 'data-input': key}, [
    controls.el('label', {textContent: 'Curves (R, G, B)'}), svg,
    controls.el('div', {className: 'row'}, [...buttons, count, reset]),
  ]);
};
