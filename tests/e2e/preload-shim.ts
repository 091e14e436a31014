/**
 * The init script that runs the real built preload (`out/preload/index.cjs`) in the page, the way
 * Electron runs a sandboxed preload: with a `require('electron')` that offers only `contextBridge`
 * and `ipcRenderer`. `ipcRenderer.invoke` goes to the `__labIpcInvoke` binding (Playwright gives it
 * the calling frame, which the main process checks like Electron's senderFrame); main's events
 * arrive through `__labIpcEmit`. Uint8Array values travel as `{__u8: base64}` both ways (requests
 * restored in Node by `decodePayload`, replies in the page by the shim).
 */
export function preloadInitScript(preloadSource: string): string {
  return `(() => {
  const listeners = new Map();
  const encode = (v) => {
    if (v instanceof Uint8Array) {
      let s = '';
      for (let i = 0; i < v.length; i++) s += String.fromCharCode(v[i]);
      return { __u8: btoa(s) };
    }
    if (Array.isArray(v)) return v.map(encode);
    if (v && typeof v === 'object') {
      const out = {};
      for (const k of Object.keys(v)) out[k] = encode(v[k]);
      return out;
    }
    return v;
  };
  const decode = (v) => {
    if (Array.isArray(v)) return v.map(decode);
    if (v && typeof v === 'object') {
      if (typeof v.__u8 === 'string' && Object.keys(v).length === 1) {
        const s = atob(v.__u8);
        const out = new Uint8Array(s.length);
        for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
        return out;
      }
      const out = {};
      for (const k of Object.keys(v)) out[k] = decode(v[k]);
      return out;
    }
    return v;
  };
  const electron = {
    contextBridge: {
      exposeInMainWorld(key, value) {
        Object.defineProperty(window, key, { value: Object.freeze(value), enumerable: true });
      },
    },
    ipcRenderer: {
      invoke(channel, payload) {
        return window.__labIpcInvoke(channel, payload === undefined ? { __undefined: true } : encode(payload)).then(decode);
      },
      on(channel, listener) {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel).add(listener);
      },
      removeListener(channel, listener) {
        listeners.get(channel)?.delete(listener);
      },
    },
  };
  Object.defineProperty(window, '__labIpcEmit', {
    value: (channel, payload) => {
      for (const l of listeners.get(channel) ?? []) l({}, payload);
    },
  });
  const module = { exports: {} };
  const require = (name) => {
    if (name === 'electron') return electron;
    throw new Error('a sandboxed preload cannot require ' + name);
  };
  (function (require, module, exports) {
${preloadSource}
  })(require, module, module.exports);
})();`
}

/** Restores what the shim encoded. */
export function decodePayload(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decodePayload)
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    if (o.__undefined === true && Object.keys(o).length === 1) return undefined
    if (typeof o.__u8 === 'string' && Object.keys(o).length === 1)
      return new Uint8Array(Buffer.from(o.__u8, 'base64'))
    return Object.fromEntries(Object.entries(o).map(([k, val]) => [k, decodePayload(val)]))
  }
  return v
}

/** Encodes bytes in a reply for the page (the shim turns them back into a Uint8Array). */
export function encodeReply(v: unknown): unknown {
  if (v instanceof Uint8Array) return { __u8: Buffer.from(v).toString('base64') }
  if (Array.isArray(v)) return v.map(encodeReply)
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, val]) => [k, encodeReply(val)]))
  return v
}
