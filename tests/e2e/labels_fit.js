// Which labels on screen can't be shown whole, and which controls are too small to tap.
//
// Flutter paints text on a canvas, so a label cut off by its box (clipped, or ended with
// "…") still reads whole in the accessibility tree: only the box gives it away. For each
// semantics node we measure the label with the app's own font (Roboto, served by the app)
// at the smallest size the app uses for text (13 px; 16 px beside a switch) and ask:
//   - does every word fit the box's width? (a word never wraps: a wider one is cut)
//   - do the lines the label needs, wrapped to the box's width, fit the box's height?
// A label beside its control (a switch's or a checkbox's) gets the box minus the control.
// Names that are not painted text are left out: an icon button's (its aria-label) and a
// treasure badge's (the caller lists them). Every tappable node is also checked against 48 x 48 px.
// A screen's title (the caller's titleIds) is drawn larger, on one line that is cut with
// "…" when too long: it is measured whole at its own size (titleFont).
// Returns the problems, each with its node's key, and the keys of every node measured: a
// node cut by the edge of a scrolling view that Flutter does not mark as one shows only
// its visible part, so the caller keeps a problem only if every stop that saw the node
// found it.
async ({pictureLabels, pictureIds, titleIds, titleFont, minFont, switchFont, lineHeight, touch}) => {
  if (!window.__labelsFitFont) {
    const face = new FontFace('LabelsFitRoboto', 'url(/assets/fonts/roboto.woff2)');
    await face.load();
    document.fonts.add(face);
    window.__labelsFitFont = true;
  }
  const canvas = document.createElement('canvas').getContext('2d');
  const width = (text, size) => {
    canvas.font = `400 ${size}px LabelsFitRoboto`;
    return canvas.measureText(text).width;
  };
  const pictures = new Set(pictureLabels);
  const pictureId = new RegExp(pictureIds);
  const titleId = new RegExp(titleIds);
  const besideControl = {switch: 60, checkbox: 40};
  const problems = [];
  // A node partly scrolled out of view has a clipped box: it is measured at another stop
  // of the scroll, where it shows whole. Nodes in the bars have no scrolling ancestor.
  const scroller = (node) => {
    for (let n = node.parentElement; n && n.tagName === 'FLT-SEMANTICS'; n = n.parentElement) {
      if (n.style.overflowY === 'scroll' || n.style.overflowX === 'scroll') return n;
    }
    return null;
  };
  // Flutter clips a node's rectangle to the scroll view when it computes it, and the
  // rectangles of the whole chain above it up to the scrolled content are cut at the same
  // line; after a scroll the cut rectangles can stay as they were for a while. A node
  // whose top or bottom is also that of a much taller group around it is taken as cut
  // there (a control laid flush against the edge of its group is missed by this).
  const cutByAGroup = (node, box) => {
    for (let n = node.parentElement; n && n.tagName === 'FLT-SEMANTICS'; n = n.parentElement) {
      const r = n.getBoundingClientRect();
      if (r.height >= 2 * box.height
        && (Math.abs(box.top - r.top) <= 1 || Math.abs(box.bottom - r.bottom) <= 1)) return true;
      if (n.style.overflow === 'hidden' || n.style.overflowY === 'scroll') return false;
    }
    return false;
  };
  const clipped = (node, box) => {
    const s = scroller(node);
    if (s) {
      const view = s.getBoundingClientRect();
      if (box.top <= view.top + 1 || box.bottom >= view.bottom - 1
        || box.left <= view.left - 1 || box.right >= view.right + 1) return true;
    }
    return cutByAGroup(node, box);
  };
  const tappable = (node) => node.hasAttribute('flt-tappable')
    || ['button', 'switch', 'checkbox'].includes(node.getAttribute('role') || '');
  // A small control inside a bigger tappable one (a switch on its row) takes the thumb
  // with the bigger one.
  const bigTapParent = (node) => {
    for (let n = node.parentElement; n && n.tagName === 'FLT-SEMANTICS'; n = n.parentElement) {
      const r = n.getBoundingClientRect();
      if (tappable(n) && r.width >= touch - 0.5 && r.height >= touch - 0.5) return true;
    }
    return false;
  };
  const idOf = (node) => {
    for (let n = node; n && n.tagName === 'FLT-SEMANTICS'; n = n.parentElement) {
      const id = n.getAttribute('flt-semantics-identifier');
      if (id) return id;
    }
    return '';
  };
  const seen = [];
  for (const node of document.querySelectorAll('flt-semantics')) {
    const box = node.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || clipped(node, box)) continue;
    const id = idOf(node);
    const role = node.getAttribute('role') || '';
    const name = (node.getAttribute('aria-label') || node.textContent || '').slice(0, 60);
    const node_key = `${id}|${role}|${name}`;
    seen.push(node_key);
    const small = box.width < touch - 0.5 || box.height < touch - 0.5;
    if (tappable(node) && small && !node.hasAttribute('aria-disabled') && !bigTapParent(node)) {
      problems.push({node: node_key, kind: 'small', id, role, label: name,
                     width: Math.round(box.width), height: Math.round(box.height)});
    }
    // A name the app gives a control (aria-label: an icon button's "Undo") is read out,
    // not painted; painted text reaches the tree as the node's own text.
    if (node.hasAttribute('aria-label')) continue;
    let label = '';
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE || child.tagName === 'SPAN') label += child.textContent;
    }
    if (!label.trim() || pictureId.test(id)) continue;
    const parts = label.split('\n').map((p) => p.trim()).filter((p) => p && !pictures.has(p));
    if (!parts.length) continue;
    if (titleId.test(id)) {
      const title = parts.join(' ');
      const need = width(title, titleFont);
      if (need > box.width + 0.5) {
        problems.push({node: node_key, kind: 'title', id, role, label: title, need: Math.round(need),
                       width: Math.round(box.width), height: Math.round(box.height)});
      }
      continue;
    }
    const chrome = besideControl[role] || 0;
    const size = chrome ? switchFont : minFont;
    const room = box.width - chrome;
    for (const part of parts) {
      for (const word of part.split(/\s+/)) {
        const need = width(word, size);
        if (need > room + 0.5) {
          problems.push({node: node_key, kind: 'word', id, role, label: part, word, need: Math.round(need),
                         width: Math.round(room), height: Math.round(box.height)});
        }
      }
    }
    if (parts.length === 1) {
      // Greedy wrap, as Flutter does, at the smallest size: the lines needed at least.
      let lines = 1, line = '';
      for (const word of parts[0].split(/\s+/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && width(candidate, size) > room) { lines += 1; line = word; } else { line = candidate; }
      }
      const need = lines * size * lineHeight;
      // A label beside its control (a Switch's or a Checkbox's own) never wraps.
      if (need > box.height + 1 || (chrome && lines > 1)) {
        problems.push({node: node_key, kind: 'lines', id, role, label: parts[0], lines, need: Math.round(need),
                       width: Math.round(room), height: Math.round(box.height)});
      }
    }
  }
  return {problems, seen};
}
