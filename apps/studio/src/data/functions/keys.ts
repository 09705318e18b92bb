export const functionKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'functions'] as const,
  list: (ref: string | undefined, schema: string | undefined) => ['projects', ref, 'functions', schema] as const,
};
