import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Template JSON as written: the checks read it by shape and test each value they use. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TemplateValue = any;

export interface CfnResource {
  Type: string;
  Properties?: Record<string, TemplateValue>;
  Metadata?: Record<string, TemplateValue>;
  [key: string]: unknown;
}

export interface CfnTemplate {
  Parameters?: Record<string, unknown>;
  Resources?: Record<string, CfnResource>;
  [key: string]: unknown;
}

/** A template of the cloud assembly, a stack's or a nested stack's, with where it sits. */
export interface AssemblyTemplate {
  /** The template's file name inside the assembly directory. */
  file: string;
  /** The stack it belongs to (`Dvp-prod`), for nested stacks the parent's. */
  stackName: string;
  template: CfnTemplate;
  /** The nested-stack resource that creates this template, in its parent. */
  parent?: { template: AssemblyTemplate; logicalId: string };
}

export interface Assembly {
  dir: string;
  templates: AssemblyTemplate[];
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Every template of a synthesized cloud assembly: each stack the manifest lists and, recursively,
 * the nested stacks they create (found by the asset path CDK records on the nested-stack resource).
 */
export function readAssembly(dir: string): Assembly {
  const manifest = readJson(path.join(dir, 'manifest.json')) as { artifacts?: Record<string, { type: string; displayName?: string; properties?: { templateFile?: string } }> };
  const templates: AssemblyTemplate[] = [];
  const visit = (entry: AssemblyTemplate) => {
    templates.push(entry);
    for (const [logicalId, resource] of Object.entries(entry.template.Resources ?? {})) {
      const file = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::CloudFormation::Stack' || typeof file !== 'string' || !existsSync(path.join(dir, file))) continue;
      visit({ file, stackName: entry.stackName, template: readJson(path.join(dir, file)), parent: { template: entry, logicalId } });
    }
  };
  for (const [id, artifact] of Object.entries(manifest.artifacts ?? {})) {
    const file = artifact.properties?.templateFile;
    if (artifact.type !== 'aws:cloudformation:stack' || !file) continue;
    visit({ file, stackName: artifact.displayName ?? id, template: readJson(path.join(dir, file)) });
  }
  return { dir, templates };
}

/** Every resource of the assembly, with the template it is in. */
export function* resourcesOf(assembly: Pick<Assembly, 'templates'>, type?: string) {
  for (const entry of assembly.templates) {
    for (const [logicalId, resource] of Object.entries(entry.template.Resources ?? {})) {
      if (!type || resource.Type === type) yield { entry, logicalId, resource };
    }
  }
}

/** Where a resource is, for a finding: its construct path when CDK recorded one. */
export const whereIs = (entry: AssemblyTemplate, logicalId: string) =>
  (entry.template.Resources?.[logicalId]?.Metadata?.['aws:cdk:path'] as string | undefined) ?? `${entry.file} ${logicalId}`;

/**
 * Follows a value through nested-stack parameters: `{ Ref: P }` in a nested template is whatever
 * the parent passes as P. Returns the value and the template it is written in.
 */
export function resolveThroughParents(entry: AssemblyTemplate, value: unknown): { entry: AssemblyTemplate; value: unknown } {
  const ref = (value as { Ref?: unknown } | null)?.Ref;
  if (typeof ref === 'string' && entry.parent && entry.template.Parameters && ref in entry.template.Parameters) {
    const passed = entry.parent.template.template.Resources?.[entry.parent.logicalId]?.Properties?.Parameters?.[ref];
    if (passed !== undefined) return resolveThroughParents(entry.parent.template, passed);
  }
  return { entry, value };
}

/** The logical id a `{ Ref }` or `{ Fn::GetAtt }` points at, if it is one. */
export function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { Ref?: unknown; 'Fn::GetAtt'?: unknown };
  if (typeof v.Ref === 'string') return v.Ref;
  const att = v['Fn::GetAtt'];
  if (Array.isArray(att) && typeof att[0] === 'string') return att[0];
  if (typeof att === 'string') return att.split('.')[0];
  return undefined;
}
