/**
 * The benches' signed-in owner: signs one up on the bench's own server and answers the headers
 * its calls send (the session cookie, the Origin better-auth checks, JSON).
 */
export async function benchSession(origin: string) {
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      name: 'Bench',
      email: 'bench@example.com',
      password: 'quiet-harbor-lantern-7',
    }),
  });
  return {
    Cookie: signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    Origin: origin,
    'Content-Type': 'application/json',
  };
}
