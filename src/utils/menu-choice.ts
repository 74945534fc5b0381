// The choice rules live in types/ so the server enforces them with the same code (issue 9).
export * from '../../types/menu-choice';
