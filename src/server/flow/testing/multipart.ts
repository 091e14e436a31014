/** Test-only: a multipart/form-data body with text fields and files, for app.inject. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; name: string; content: string }[],
) {
  const boundary = `----flowtest${Date.now()}`
  const chunks: string[] = []
  for (const [name, value] of Object.entries(fields))
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  for (const f of files)
    chunks.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/xml\r\n\r\n${f.content}\r\n`,
    )
  chunks.push(`--${boundary}--\r\n`)
  return {
    payload: Buffer.from(chunks.join(''), 'utf8'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}
