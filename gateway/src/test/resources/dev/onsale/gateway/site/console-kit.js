// The consoles' test kit, shared by operator.test.js and auditor.test.js: a fake DOM, sessionStorage and fetch; the
// loader that runs console.js, then a page's own script, as that page runs them; the rules both pages keep; the
// replies both consoles read; and the run that fails when a promise the checks wait for never settles.
'use strict';
const assert = require('assert');
const fs = require('fs');
const path = require('path');

const SCRIPTS = ['console.js', 'operator.js', 'auditor.js'];
const ids = {
  E1: '11111111-1111-1111-1111-111111111111',
  E2: '22222222-2222-2222-2222-222222222222',
  R1: 'aaaaaaaa-0000-0000-0000-000000000001',
  R2: 'aaaaaaaa-0000-0000-0000-000000000002',
  HASH: 'f'.repeat(64)
};

/** The consoles in the site folder `dir`: the scripts as modules (their pure rules) and as text, the two pages, the
 * loader of a page, and the checks of what a script or a page must never do. */
function consoles(dir) {
  const site = path.resolve(dir);
  const read = name => fs.readFileSync(path.join(site, name), 'utf8');
  const files = {
    source: Object.fromEntries(SCRIPTS.map(name => [name, read(name)])),
    html: { operator: read('operator.html'), auditor: read('auditor.html') }
  };
  const [shared, operator, auditor] = SCRIPTS.map(name => require(path.join(site, name)));
  return {
    shared, operator, auditor, html: files.html,
    open: (kind, routes, options) => open(files, kind, routes, options),
    rendersAsText: name => rendersAsText(name, files.source[name]),
    checkPage: kind => checkPage(kind, files.html[kind])
  };
}

function rendersAsText(name, source) {
  assert.ok(!/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\.localStorage\b|\blocalStorage\s*[.[]|eval\(/
    .test(source), name + ' renders with textContent and keeps nothing in localStorage');
}

/** What every console page keeps: no inline code or style, nothing from another origin, console.js then its own
 * script, a label for every field, a hidden and unnamed token input, #error an alert. */
function checkPage(kind, text) {
  assert.ok(text.includes('data-page="' + kind + '"'), kind + ': names its page');
  assert.ok(!/<script(?![^>]*\ssrc=)[^>]*>/.test(text), kind + ': no inline script');
  assert.ok(!/\sstyle=|<style/.test(text), kind + ': no inline style');
  assert.ok(!/\son[a-z]+=/.test(text), kind + ': no inline event handler');
  assert.ok(!/(src|href)="(https?:)?\/\//.test(text), kind + ': nothing from another origin');
  assert.deepStrictEqual([...text.matchAll(/\{\{([^}]*)}}/g)].map(m => m[1]).sort(),
    ['asset:' + kind + '.js', 'asset:console.css', 'asset:console.js', 'asset:onsale.css'].sort(),
    kind + ': only the known placeholders');
  assert.deepStrictEqual([...text.matchAll(/<script\b[^>]*>/g)].map(m => m[0]),
    ['console.js', kind + '.js'].map(name => '<script src="{{asset:' + name + '}}" defer>'),
    kind + ': console.js, then its own script, both deferred');
  for (const field of text.matchAll(/<(input|select|textarea)\b[^>]*\sid="([^"]+)"/g)) {
    assert.ok(text.includes('<label for="' + field[2] + '"'), kind + ': #' + field[2] + ' has a label');
  }
  const tokenInput = /<input id="token"[^>]*>/.exec(text)[0];
  assert.ok(/type="password"/.test(tokenInput) && /autocomplete="off"/.test(tokenInput), kind + ': a hidden token');
  assert.ok(!/\sname=/.test(tokenInput), kind + ': an unnamed token input, never submitted into a URL');
  assert.ok(/id="error"[^>]*role="alert"|role="alert"[^>]*id="error"/.test(text), kind + ': #error is an alert');
}

/** A fake element: text, children, attributes, listeners; innerHTML is refused. */
function node(tag, props, doc) {
  const self = {
    tagName: tag.toUpperCase(), children: [], listeners: {}, attributes: {}, dataset: {}, hidden: false,
    disabled: false, className: '', own: '', open: false, chosen: '',
    get textContent() { return this.own + this.children.map(child => child.textContent).join(''); },
    set textContent(text) { this.own = String(text); this.children = []; },
    set innerHTML(text) { throw new Error('innerHTML used on ' + this.tagName); },
    get value() {
      if (this.tagName !== 'SELECT') {
        return this.chosen;
      }
      const values = this.children.filter(child => child.tagName === 'OPTION').map(child => child.value);
      return values.includes(this.chosen) ? this.chosen : (values[0] || '');
    },
    set value(text) { this.chosen = String(text); },
    appendChild(child) { this.children.push(child); return child; },
    removeChild(child) { this.children = this.children.filter(other => other !== child); return child; },
    addEventListener(type, listener) { (this.listeners[type] = this.listeners[type] || []).push(listener); },
    setAttribute(name, value) { this.attributes[name] = String(value); },
    focus() { doc.activeElement = this; },
    click() { doc.clicked.push(this); return this.disabled ? null : fire(this, 'click'); },
    showModal() { assert.ok(!this.open, 'showModal on an open dialog throws'); this.open = true; },
    close() { if (this.open) { this.open = false; setImmediate(() => fire(this, 'close')); } }
  };
  return Object.assign(self, props);
}

function fire(target, type) {
  const happened = { type, target, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
  (target.listeners[type] || []).forEach(listener => listener(happened));
  return happened;
}

/** Runs console.js, then `kind`'s own script, on `kind`'s page; `routes` maps 'METHOD url' to a reply, a list of
 * replies (each once, the last kept) or a function of the request. */
function open(files, kind, routes, options) {
  options = options || {};
  const doc = { clicked: [], activeElement: null, missing: [] };
  const elements = {};
  for (const tag of files.html[kind].matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/g)) {
    const id = /\sid="([^"]+)"/.exec(tag[2]);
    if (id) {
      elements[id[1]] = node(tag[1], { id: id[1], hidden: /\shidden[\s>]/.test(tag[2] + '>') }, doc);
    }
  }
  const store = Object.assign({}, options.store);
  const calls = [];
  const timers = [];
  const replaced = [];
  const objectUrls = [];
  const body = node('body', { dataset: { page: kind } }, doc);
  const document = Object.assign(doc, {
    body, visibilityState: options.hidden ? 'hidden' : 'visible', listeners: {},
    getElementById: id => elements[id] || (doc.missing.push(id), null),
    createElement: tag => node(tag, {}, doc),
    addEventListener: (type, listener) => { (doc.listeners[type] = doc.listeners[type] || []).push(listener); }
  });
  const window = {
    location: { hash: options.hash || '', pathname: '/' + kind },
    history: { replaceState: (state, title, url) => replaced.push(url) },
    sessionStorage: { getItem: k => (k in store ? store[k] : null), setItem: (k, v) => { store[k] = String(v); },
      removeItem: k => { delete store[k]; } }
  };
  Object.defineProperty(window, 'localStorage', { get() { throw new Error('localStorage used'); } });
  const fetch = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: init.body, line: init.method + ' ' + url });
    const route = routes[init.method + ' ' + url];
    let reply = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    reply = typeof reply === 'function' ? reply(init) : reply;
    if (reply === 'network failure') {
      throw new TypeError('Failed to fetch');
    }
    reply = reply || { status: 500, body: { title: 'unexpected', detail: 'no route for ' + init.method + ' ' + url } };
    return { status: reply.status, headers: { get: h => (reply.headers || {})[h] || null },
      json: async () => { if (reply.body === undefined) { throw new SyntaxError('no body'); } return reply.body; },
      blob: async () => ({ csv: reply.text }) };
  };
  const globals = {
    document, window, fetch,
    setTimeout: (run, ms) => timers.push({ run, ms }) && timers.length,
    clearTimeout: handle => { if (handle) { timers[handle - 1].cancelled = true; } },
    URL: { createObjectURL: blob => { objectUrls.push(blob); return 'blob:onsale/1'; }, revokeObjectURL: () => {} }
  };
  const run = name => new Function(...Object.keys(globals), files.source[name])(...Object.values(globals));
  const other = kind === 'operator' ? 'auditor.js' : 'operator.js';
  run('console.js');
  run(other);
  assert.ok(!calls.length && !timers.length && Object.values(elements).every(e => !Object.keys(e.listeners).length)
    && !Object.keys(doc.listeners).length, 'console.js starts nothing by itself, nor ' + other + ' on this page');
  run(kind + '.js');
  const env = {
    elements, store, calls, timers, replaced, objectUrls, doc,
    el: id => elements[id],
    text: id => elements[id].textContent,
    lines: () => calls.map(call => call.line),
    settled: async () => { for (let i = 0; i < 30; i++) { await new Promise(done => setImmediate(done)); } return env; },
    click: id => { elements[id].click(); return env.settled(); },
    submit: id => { const happened = fire(elements[id], 'submit');
      assert.ok(happened.defaultPrevented, '#' + id + ' is never submitted as a form'); return env.settled(); },
    runTimers: () => { const due = timers.filter(t => !t.cancelled && !t.ran); due.forEach(t => { t.ran = true; t.run(); });
      return env.settled(); },
    pending: () => timers.filter(t => !t.cancelled && !t.ran)
  };
  return env.settled();
}

/** A problem details reply. */
const problem = (status, slug, detail, headers) => ({ status, headers: Object.assign({
  'Content-Type': 'application/problem+json' }, headers), body: { type: '/problems/' + slug, title: slug, status, detail } });
/** The anonymous catalog, two events. */
const catalog = { status: 200, body: [
  { eventId: ids.E1, name: 'Winter concert', venue: 'Hall A', saleState: 'OPEN', currency: 'EUR' },
  { eventId: ids.E2, name: 'Spring gala', venue: 'Hall B', saleState: 'SCHEDULED', currency: 'EUR' }] };
/** Whether every call but the anonymous /api/ reads carried `token` as a bearer token. */
const bearer = (env, token) => env.calls.filter(c => !c.url.startsWith('/api/'))
  .every(c => c.headers.Authorization === 'Bearer ' + token);

/** Runs `flows`, an async function of a page's checks, and prints `summary` once they all passed; exits non-zero on
 * the first failure, and when a promise the checks wait for never settles (Node then exits with nothing to run). */
function checks(summary, flows) {
  let finished = false;
  process.on('unhandledRejection', failure => {
    console.error(failure);
    process.exit(1);
  });
  process.on('exit', code => {
    if (code === 0 && !finished) {
      console.error('the checks stopped half way: a promise the test waits for never settled');
      process.exitCode = 1;
    }
  });
  flows().then(() => {
    finished = true;
    console.log(summary + ': all checks passed');
  }, failure => {
    console.error(failure);
    process.exit(1);
  });
}

module.exports = { ids, consoles, fire, problem, catalog, bearer, checks };
