/** The refusal of PATCH /auth/me/ when it carries an e-mail (here, without imports, so auth.schemas can use it). */
export const EMAIL_CHANGE_ELSEWHERE =
  'The e-mail address cannot be changed here: use Change email (POST /api/auth/email/change/), which confirms the new address by a link sent to it.';
