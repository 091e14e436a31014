/** A business error: HTTP 400 with a Chinese message in the envelope; the request changed nothing. */
export class BizError extends Error {
  readonly statusCode = 400
  constructor(message: string) {
    super(message)
  }
}

/** Missing, invalid or revoked token: HTTP 401 `请求未授权`. */
export class AuthError extends Error {
  readonly statusCode = 401
  constructor(message = '请求未授权') {
    super(message)
  }
}

/** The caller is signed in but lacks the grant: HTTP 403 `请求被拒绝`. */
export class ForbiddenError extends Error {
  readonly statusCode = 403
  constructor(message = '请求被拒绝') {
    super(message)
  }
}

/** Token-endpoint failures keep the OAuth2 shape `{error_code, error_description}` (contract 1.5). */
export class OAuthError extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    readonly errorCode:
      'invalid_grant' | 'access_denied' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_request',
    message: string,
  ) {
    super(message)
  }
}

export const bad = (message: string): never => {
  throw new BizError(message)
}
