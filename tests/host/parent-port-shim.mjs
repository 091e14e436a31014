// Loaded with `node --import` into a forked child: gives it Electron's utilityProcess
// `process.parentPort` on top of Node's IPC channel, so the built embedded server runs unchanged.
process.parentPort = {
  postMessage: (message) => process.send(message),
  on: (event, listener) => {
    if (event === 'message') process.on('message', (data) => listener({ data }))
  },
}
