// Generated. Do not edit.
export declare const validateFixtureSchema: import('../../core/definition/ajv-types.js').StandaloneValidator;
