/** A sign-up form for a test member or a bench member named `name` (password secret123), and its answer's shape. */
export function signupForm(name: string, nickname = name): URLSearchParams {
  return new URLSearchParams({
    nickname,
    username: name,
    email: `${name}@example.com`,
    password: "secret123",
    rePassword: "secret123",
  });
}

export type Member = { token: string; user: { id: number } };
