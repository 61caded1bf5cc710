export * from './constants.js';
export * from './enums.js';
export * from './messages.js';
export * from './rules.js';
export * from './student-fields.js';
export * from './auth-schemas.js';
export * from './student-record.js';
export * from './documents.js';
