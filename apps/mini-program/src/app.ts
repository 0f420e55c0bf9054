// The host has no global state: the pages keep what they need in wx storage (the token, the return path).
App({});
