import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { referencedId, resolveThroughParents, resourcesOf, whereIs, type Assembly, type AssemblyTemplate } from './assembly';
import type { Finding } from './findings';

/** Lambda's quotas (docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html). */
export const LAMBDA_LIMITS = {
  /** A .zip deployment package uploaded directly. */
  zippedBytes: 50 * 1024 * 1024,
  /** The function's code and all its layers, unzipped. */
  unzippedBytes: 250 * 1024 * 1024,
  /** All environment variables together, names and values. */
  environmentBytes: 4 * 1024,
};

/**
 * What a value CloudFormation fills in at deploy time may grow to. A Ref or GetAtt here is a
 * generated name or an ARN (an ARN of a state machine with a generated name is ~100 characters),
 * so 128 is a generous bound; the real size is only known after the deploy.
 */
export const RESOLVED_VALUE_BOUND = 128;

interface PackageSize {
  zipped: number;
  unzipped: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function assetSize(file: string, limits: typeof LAMBDA_LIMITS): Promise<PackageSize> {
  if (statSync(file).isDirectory()) {
    const files = filesUnder(file);
    const unzipped = files.reduce((sum, f) => sum + statSync(f).size, 0);
    // Deflating is only worth its time when the unzipped size could break the zipped limit.
    const zipped = unzipped <= limits.zippedBytes ? unzipped : files.reduce((sum, f) => sum + deflateRawSync(readFileSync(f)).length + 100, 0);
    return { zipped, unzipped };
  }
  const zip = await JSZip.loadAsync(readFileSync(file));
  const unzipped = Object.values(zip.files).reduce((sum, f) => sum + ((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0), 0);
  return { zipped: statSync(file).size, unzipped };
}

/** The estimated size of an environment variable's value once CloudFormation has resolved it. */
export function resolvedLength(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  if (value && typeof value === 'object') {
    const join = (value as Record<string, unknown>)['Fn::Join'];
    if (Array.isArray(join) && Array.isArray(join[1])) {
      const parts = join[1] as unknown[];
      return parts.reduce<number>((sum, p) => sum + resolvedLength(p), 0) + String(join[0]).length * Math.max(0, parts.length - 1);
    }
  }
  return RESOLVED_VALUE_BOUND;
}

function layerAsset(entry: AssemblyTemplate, layer: unknown): string | undefined {
  const { entry: at, value } = resolveThroughParents(entry, layer);
  const id = referencedId(value);
  return id ? at.template.Resources?.[id]?.Metadata?.['aws:asset:path'] : undefined;
}

/**
 * Every function's package against Lambda's size limits (its code asset plus its layers, as
 * bundled by the synth) and its environment against the 4 KB limit.
 */
export async function lambdaLimitFindings(assembly: Assembly, limits = LAMBDA_LIMITS): Promise<Finding[]> {
  const findings: Finding[] = [];
  const sizes = new Map<string, Promise<PackageSize>>();
  const sizeOf = (asset: string) => {
    if (!sizes.has(asset)) sizes.set(asset, assetSize(path.join(assembly.dir, asset), limits));
    return sizes.get(asset)!;
  };
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  for (const { entry, logicalId, resource } of resourcesOf(assembly, 'AWS::Lambda::Function')) {
    const where = whereIs(entry, logicalId);
    const code = resource.Metadata?.['aws:asset:path'] as string | undefined;
    if (code) {
      const own = await sizeOf(code);
      if (own.zipped > limits.zippedBytes) findings.push({ check: 'lambda-limits', where, problem: `the code package is ${mb(own.zipped)} zipped, over Lambda's ${mb(limits.zippedBytes)}` });
      let unzipped = own.unzipped;
      for (const layer of (resource.Properties?.Layers as unknown[] | undefined) ?? []) {
        const asset = layerAsset(entry, layer);
        if (asset) unzipped += (await sizeOf(asset)).unzipped;
      }
      if (unzipped > limits.unzippedBytes) findings.push({ check: 'lambda-limits', where, problem: `code and layers are ${mb(unzipped)} unzipped, over Lambda's ${mb(limits.unzippedBytes)}` });
    }
    const variables = (resource.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>;
    const envBytes = Object.entries(variables).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + resolvedLength(value), 0);
    if (envBytes > limits.environmentBytes) {
      findings.push({ check: 'lambda-limits', where, problem: `its environment variables take up to ${envBytes} bytes, over Lambda's ${limits.environmentBytes}` });
    }
  }
  return findings;
}
