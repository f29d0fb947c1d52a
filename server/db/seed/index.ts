export { DEFAULT_SEED, isDatabaseSeeded, seedDemo } from './seed-demo.ts';
export type { SeedOptions, SeedSummary } from './seed-demo.ts';
export {
  DEMO_CLUBS,
  DEMO_ORGANIZATION_NAME,
  DEMO_PASSWORD,
  DEMO_REGISTRANT,
  PERSONAS,
} from './personas.ts';
export type { Persona, PersonaKey } from './personas.ts';
export { demoImageKeys } from './content.ts';
