// What a schema change would break for clients written against the released schema: graphql-js's own
// findBreakingChanges, less the removals that were announced first — a field, argument, input field or enum value
// deprecated in the released schema may go. Each as one line a reviewer can act on.
import {
  BreakingChangeType,
  type GraphQLSchema,
  buildSchema,
  findBreakingChanges,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
} from 'graphql';

/**
 * Whether the released schema had deprecated what the change removes (`Type.field`, `Type.field(arg)`, `Enum.VALUE`).
 */
function wasDeprecated(released: GraphQLSchema, type: BreakingChangeType, description: string): boolean {
  if (type === BreakingChangeType.FIELD_REMOVED) {
    const [, typeName, fieldName] = /^(\w+)\.(\w+) was removed\.$/.exec(description) ?? [];
    const owner = typeName ? released.getType(typeName) : undefined;
    if (isObjectType(owner) || isInterfaceType(owner) || isInputObjectType(owner))
      return Boolean(owner.getFields()[fieldName!]?.deprecationReason);
  }
  if (type === BreakingChangeType.ARG_REMOVED) {
    const [, typeName, fieldName, argName] = /^(\w+)\.(\w+) arg (\w+) was removed\.$/.exec(description) ?? [];
    const owner = typeName ? released.getType(typeName) : undefined;
    if (isObjectType(owner) || isInterfaceType(owner))
      return Boolean(owner.getFields()[fieldName!]?.args.find((arg) => arg.name === argName)?.deprecationReason);
  }
  if (type === BreakingChangeType.VALUE_REMOVED_FROM_ENUM) {
    const [, value, enumName] = /^(\w+) was removed from enum type (\w+)\.$/.exec(description) ?? [];
    const owner = enumName ? released.getType(enumName) : undefined;
    if (isEnumType(owner)) return Boolean(owner.getValue(value!)?.deprecationReason);
  }
  return false;
}

/** The breaking changes from `releasedSdl` to `currentSdl` that were not announced by a deprecation first. */
export function unannouncedBreakingChanges(releasedSdl: string, currentSdl: string): string[] {
  const released = buildSchema(releasedSdl);
  return (
    findBreakingChanges(released, buildSchema(currentSdl))
      // A built-in scalar no field uses any more is still there for every client.
      .filter((change) => !/^Standard scalar \w+ was removed/.test(change.description))
      .filter((change) => !wasDeprecated(released, change.type, change.description))
      .map((change) => `${change.type}: ${change.description}`)
  );
}
