import type { AppHarness } from '../tests/e2e/harness'

/**
 * Opens a menu path as a tab in a bench's app (the shell may settle on 首页 right after sign-in:
 * retried). The e2e `openTab` does the same with vitest's `expect.poll`, which needs a test runner.
 */
export async function openAppTab(harness: AppHarness, path: string, title: string): Promise<void> {
  const tab = harness.page.getByRole('tab', { name: title }).first()
  for (let attempt = 0; ; attempt++) {
    await harness.page.evaluate(`location.hash = '#${path}'`)
    try {
      await tab.waitFor({ timeout: 3000 })
      break
    } catch (e) {
      if (attempt >= 10) throw e
    }
  }
  await tab.click()
}
