import { useRegionNames } from './regionApi';

/** A legal-dong code by its full name; the code itself until the names arrive or when unknown. */
export function RegionName({ code }: { code: string }) {
  const { data } = useRegionNames();
  return <>{data?.[code] ?? code}</>;
}
