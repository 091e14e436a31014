// Run before electron-builder (dist:* scripts): the update feed baked into the app must be https.
const url = process.env.LAB_UPDATE_URL ?? ''
let parsed = null
try {
  parsed = new URL(url)
} catch {
  parsed = null
}
if (!parsed || parsed.protocol !== 'https:') {
  console.error(
    `LAB_UPDATE_URL must be an https address of the update feed (got ${url ? JSON.stringify(url) : 'nothing'}), e.g. https://updates.school.edu.cn/lab-training`,
  )
  process.exit(1)
}
console.log(`update feed: ${parsed.href}`)
