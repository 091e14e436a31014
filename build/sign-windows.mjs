// electron-builder's Windows sign hook (win.signtoolOptions.sign). A signing service: LAB_SIGN_COMMAND is
// run once per file with the file's path as its last argument (also in LAB_SIGN_FILE), e.g.
//   LAB_SIGN_COMMAND="AzureSignTool sign -kvu https://vault.example -kvc lab -tr http://timestamp.digicert.com"
// Otherwise the certificate file of CSC_LINK / WIN_CSC_LINK signs with electron-builder's own signtool step.
// LAB_REQUIRE_SIGNING=1 fails the build instead of leaving a file unsigned.
import { spawnSync } from 'node:child_process'

export async function sign(configuration, packager) {
  const command = process.env.LAB_SIGN_COMMAND
  if (command) {
    const result = spawnSync(`${command} "${configuration.path}"`, {
      shell: true,
      stdio: 'inherit',
      env: { ...process.env, LAB_SIGN_FILE: configuration.path, LAB_SIGN_HASH: configuration.hash },
    })
    if (result.status !== 0)
      throw new Error(`LAB_SIGN_COMMAND failed (${result.status}) for ${configuration.path}`)
    return
  }
  if (configuration.cscInfo) {
    const manager = await packager.signingManager.value
    await manager.doSign(configuration, packager)
    return
  }
  if (process.env.LAB_REQUIRE_SIGNING === '1')
    throw new Error(
      `no signing configured (CSC_LINK, WIN_CSC_LINK or LAB_SIGN_COMMAND) for ${configuration.path}`,
    )
  console.warn(`not signed (no CSC_LINK, WIN_CSC_LINK or LAB_SIGN_COMMAND): ${configuration.path}`)
}
