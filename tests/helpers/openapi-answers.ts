// Real answers checked against the OpenAPI document that promises them (/api/openapi.json): the operation documents
// the answer's status, its media type, the headers it requires, and the body fits the schema (JSON Schema 2020-12, as
// OpenAPI 3.1 says; Ajv with formats). A client generated from the document can then read every answer it gets.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export interface RecordedAnswer {
  status: number;
  headers: Record<string, unknown>;
  text: string;
}

interface MediaType {
  schema?: object;
}
interface Response {
  content?: Record<string, MediaType>;
  headers?: Record<string, { required?: boolean }>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface AnswerChecker {
  /**
   * What is wrong with this answer to `METHOD route` by the document (route as the document names it, e.g.
   * `/api/products/{id}`): an empty list when nothing is.
   */
  problems(method: string, route: string, answer: RecordedAnswer): string[];
  /** Every `METHOD route` a call was checked for, with the statuses seen. */
  readonly seen: Map<string, Set<number>>;
}

export function answerChecker(document: OpenApiDocument): AnswerChecker {
  // OpenAPI's own keywords in a schema (example, xml…) are annotations to JSON Schema, not rules.
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
  addFormatsModule.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  const seen = new Map<string, Set<number>>();

  const validatorFor = (key: string, schema: object) => {
    let validate = validators.get(key);
    if (!validate) validators.set(key, (validate = ajv.compile(schema)));
    return validate;
  };

  return {
    seen,
    problems(method, route, answer) {
      const name = `${method.toUpperCase()} ${route}`;
      const operation = document.paths[route]?.[method.toLowerCase()];
      if (!operation) return [`${name} is not in the document`];
      seen.set(name, (seen.get(name) ?? new Set()).add(answer.status));
      const documented =
        operation.responses[String(answer.status)] ??
        operation.responses[`${String(answer.status)[0]}XX`] ??
        operation.responses.default;
      if (!documented)
        return [
          `${name} answered ${answer.status}, which it does not document (${Object.keys(operation.responses).join(', ')})`,
        ];

      const problems: string[] = [];
      for (const [header, { required }] of Object.entries(documented.headers ?? {})) {
        if (required && answer.headers[header.toLowerCase()] === undefined)
          problems.push(`${name} ${answer.status} lacks the ${header} header`);
      }
      const contentType = String(answer.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (!documented.content) {
        if (answer.text !== '')
          problems.push(
            `${name} ${answer.status} documents no body, and sent ${contentType}: ${answer.text.slice(0, 100)}`,
          );
        return problems;
      }
      const media = documented.content[contentType];
      if (!media) {
        problems.push(
          `${name} ${answer.status} sent ${contentType || 'no content type'}; the document says ${Object.keys(documented.content).join(', ')}`,
        );
        return problems;
      }
      if (!media.schema) return problems;
      let body: unknown = answer.text;
      if (contentType === 'application/json') {
        try {
          body = JSON.parse(answer.text);
        } catch {
          return [...problems, `${name} ${answer.status} sent JSON that does not parse: ${answer.text.slice(0, 100)}`];
        }
      }
      const validate = validatorFor(`${name} ${answer.status} ${contentType}`, media.schema);
      if (!validate(body)) {
        const errors = validate.errors!.map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
        problems.push(`${name} ${answer.status} does not fit its schema: ${errors} — ${answer.text.slice(0, 200)}`);
      }
      return problems;
    },
  };
}
