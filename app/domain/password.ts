// The spec's hint says 6 characters; we require 8 (README: Differences from the spec).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HINT = `Mínimo ${PASSWORD_MIN_LENGTH} caracteres`;
