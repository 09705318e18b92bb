/**
 * Shapes pg-meta answers with and accepts. Type-only imports of the server library (erased from the
 * bundle), so the studio's types cannot drift from what the server sends.
 */
export type {
  Schema,
  Policy, PolicyCommand, PolicyCreate, PolicyUpdate,
  Table, TableCreate, TableUpdate,
  Column, ColumnDefinition, ColumnUpdate, ColumnCreate,
  Relationship, ForeignKeyCreate,
  Role as DatabaseRole, RoleCreate as DatabaseRoleCreate,
  Trigger, TriggerCreate, TriggerUpdate,
  PgFunction, FunctionCreate, FunctionUpdate,
  Extension,
  Publication, PublicationCreate, PublicationUpdate,
  Index, IndexCreate,
  PgType, TypeCreate, TypeUpdate,
  Migration,
} from '@plinth/pg-meta';
import type { Column, ColumnDefinition, ForeignKeyCreate, PgFunction, Trigger } from '@plinth/pg-meta';

export const POLICY_COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL'] as const;

export type ForeignKeyAction = NonNullable<ForeignKeyCreate['on_delete']>;
export const FOREIGN_KEY_ACTIONS: readonly ForeignKeyAction[] = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'];

export type TriggerEvent = Trigger['events'][number];
export const TRIGGER_EVENTS: readonly TriggerEvent[] = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'];
export type TriggerActivation = Trigger['activation'];
export const TRIGGER_ACTIVATIONS: readonly TriggerActivation[] = ['BEFORE', 'AFTER', 'INSTEAD OF'];
export type TriggerEnabledMode = Trigger['enabled_mode'];

export type FunctionBehavior = PgFunction['behavior'];
export const FUNCTION_BEHAVIORS: readonly FunctionBehavior[] = ['IMMUTABLE', 'STABLE', 'VOLATILE'];

export type DefaultValueFormat = NonNullable<ColumnDefinition['default_value_format']>;
export type IdentityGeneration = NonNullable<Column['identity_generation']>;

export const INDEX_METHODS = ['btree', 'hash', 'gist', 'spgist', 'gin', 'brin'] as const;
