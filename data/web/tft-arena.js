// tft-arena.js — TFT Melee's arena on the phones: the fight's hexes, mega-hex borders and counters as an SVG, from the view.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tftArenaSvg(fight) takes the public view's `fight` (docs/rules/tft.md, The arena) and returns an
// <svg> element scaled to its container's width, or null when the fight has no board. Geometry as
// the engine's (src/rules/tft/mg-tft-arena.c): flat-topped hexes in columns A, B, … (odd columns half
// a hex lower), sides N, NE, SE, S, SW, NW; mega-hexes the 7-hex clusters around `megahex_centre`.
'use strict';

(function (global) {
  const SVG = 'http://www.w3.org/2000/svg';
  const FACINGS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
  const DQ = [0, 1, 1, 0, -1, -1];
  const DR = [-1, -1, 0, 1, 1, 0];
  const COLOURS = ['#bf2620', '#2154b8', '#268c33', '#bf8c0d'];
  const R3 = Math.sqrt(3);

  function parseHex(name, rows) {
    const m = /^([A-Za-z])(\d+)$/.exec(name || '');
    if (!m) return null;
    return { col: m[1].toUpperCase().charCodeAt(0) - 65, row: Number(m[2]) - 1 };
  }

  function axial(h) {
    return { q: h.col, r: h.row - (h.col - (h.col & 1)) / 2 };
  }

  function clusterOf(h, centre) {
    const a = axial(h), c = axial(centre);
    const k = (((3 * (a.q - c.q) + (a.r - c.r)) % 7) + 7) % 7;
    for (let d = 0; d < 6 && k; d++)
      if ((((3 * DQ[d] + DR[d]) % 7) + 7) % 7 === k) return (a.q - DQ[d]) + ',' + (a.r - DR[d]);
    return a.q + ',' + a.r;
  }

  function el(name, attrs) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }

  function tftArenaSvg(fight) {
    const arena = fight && fight.arena;
    if (!arena) return null;
    const cols = arena.columns, rows = arena.rows, s = 10;
    const off = new Set(arena.off || []);
    const centre = parseHex(arena.megahex_centre, rows) || { col: 0, row: 0 };
    const name = (c, r) => String.fromCharCode(65 + c) + (r + 1);
    const xy = (c, r) => {
      const a = axial({ col: c, row: r });
      return [s * (1 + 1.5 * a.q), s * R3 * (0.5 + a.r + a.q / 2)];
    };
    const svg = el('svg', { viewBox: `0 0 ${s * (1.5 * cols + 0.5)} ${s * R3 * (rows + 0.5)}`,
                            width: '100%', role: 'img', 'aria-label': arena.name || 'Arena' });
    let borders = '';
    for (let c = 0; c < cols; c++)
      for (let r = 0; r < rows; r++) {
        if (off.has(name(c, r))) continue;
        const [x, y] = xy(c, r);
        const pts = [];
        for (let k = 0; k < 6; k++) pts.push(`${x + s * Math.cos(Math.PI / 3 * k)},${y + s * Math.sin(Math.PI / 3 * k)}`);
        svg.appendChild(el('polygon', { points: pts.join(' '), fill: '#eee3c7', stroke: '#b8ab8f', 'stroke-width': 0.4 }));
        const me = clusterOf({ col: c, row: r }, centre), a = axial({ col: c, row: r });
        for (let d = 0; d < 6; d++) {
          const q = a.q + DQ[d], rr = a.r + DR[d], nc = q, nr = rr + (q - (q & 1)) / 2;
          const inside = nc >= 0 && nc < cols && nr >= 0 && nr < rows && !off.has(name(nc, nr));
          if (inside && clusterOf({ col: nc, row: nr }, centre) === me) continue;
          const a0 = Math.PI / 3 * (d + 4), a1 = Math.PI / 3 * (d + 5);
          borders += `M${x + s * Math.cos(a0)},${y + s * Math.sin(a0)}L${x + s * Math.cos(a1)},${y + s * Math.sin(a1)}`;
        }
      }
    svg.appendChild(el('path', { d: borders, stroke: '#111', 'stroke-width': 1.4, fill: 'none' }));
    const sides = (fight.sides || []).map((x) => x.name);
    for (const f of fight.figures || []) {
      const h = parseHex(f.hex, rows);
      if (!h) continue;
      const [x, y] = xy(h.col, h.row);
      const down = f.posture !== 'standing' || f.state !== 'fighting';
      const colour = down ? '#8c8c8c' : COLOURS[Math.max(0, sides.indexOf(f.side)) % COLOURS.length];
      svg.appendChild(el('circle', { cx: x, cy: y, r: s * 0.8, fill: colour, stroke: '#fff', 'stroke-width': 0.8 }));
      if (!down) {
        const a = (-90 + 60 * Math.max(0, FACINGS.indexOf(f.facing))) * Math.PI / 180;
        svg.appendChild(el('polygon', { fill: '#fff', points:
          `${x + s * 0.86 * Math.cos(a)},${y + s * 0.86 * Math.sin(a)} ` +
          `${x + s * 0.5 * Math.cos(a + 0.5)},${y + s * 0.5 * Math.sin(a + 0.5)} ` +
          `${x + s * 0.5 * Math.cos(a - 0.5)},${y + s * 0.5 * Math.sin(a - 0.5)}` }));
      }
      const t = el('text', { x, y: y + s * 0.22, 'text-anchor': 'middle', 'font-size': s * 0.6, fill: '#fff',
                             'font-weight': 'bold' });
      t.textContent = (f.name || '').slice(0, 3);
      svg.appendChild(t);
    }
    return svg;
  }

  global.tftArenaSvg = tftArenaSvg;
})(typeof window !== 'undefined' ? window : globalThis);
