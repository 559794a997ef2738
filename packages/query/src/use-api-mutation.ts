import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write, after which every read under the `invalidates` keys (a key names itself and all the
 * keys it begins) is read again: the lists and totals the write changed catch up on their own.
 * A write whose answer is the new state of one read names it as `answers`: that read takes the
 * answer without asking again. The mutation's promise (`mutateAsync`) rejects with the server's
 * error for the caller to show.
 */
export function useApiMutation<TInput, TResult>(
  write: (input: TInput) => Promise<TResult>,
  options: { invalidates: QueryKey[]; answers?: QueryKey },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      if (options.answers) client.setQueryData(options.answers, result);
      return Promise.all(options.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
