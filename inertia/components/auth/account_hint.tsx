/**
 * The signed-in account's address in a hidden field, so a password manager
 * knows which account a password form is for (confirm, change password).
 */
export function AccountHint({ email }: { email: string | undefined }) {
  return (
    <input type="hidden" name="username" autoComplete="username" value={email ?? ''} readOnly />
  )
}
