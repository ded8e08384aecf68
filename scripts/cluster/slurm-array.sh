#!/usr/bin/env bash
# One Lunette batch as a Slurm job array: each array task runs its shard of the inputs
# (lunette apply --shard auto reads SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT).
# Resubmitting the same command redoes only what is not done; lunette batch status says what.
#
#   sbatch --array=0-15 scripts/cluster/slurm-array.sh look.lua out/ photos/
#   sbatch --array=0-15%4 --cpus-per-task=4 scripts/cluster/slurm-array.sh look.lua out/ \
#       photos/ --name '{stem}-look.jpg' --quality 85
#   lunette batch status out/        # exit 0 when all done, 7 while anything is not
#
# Arguments: the chain file, the output folder (on storage every node sees), then inputs and
# any other `lunette apply` options. LUNETTE names the binary (default: lunette on PATH).
#SBATCH --job-name=lunette
#SBATCH --cpus-per-task=1
#SBATCH --output=lunette-%A_%a.log
set -euo pipefail

if [[ $# -lt 3 ]]; then
    echo "usage: sbatch --array=0-N $0 CHAIN.lua OUT/ INPUT… [lunette apply options]" >&2
    exit 1
fi
if [[ -z ${SLURM_ARRAY_TASK_ID:-} ]]; then
    echo "$0: not a Slurm array task (submit it with sbatch --array=0-N)" >&2
    exit 1
fi
chain=$1 out=$2
shift 2
exec "${LUNETTE:-lunette}" apply --chain "$chain" -o "$out" --shard auto \
    --threads "${SLURM_CPUS_PER_TASK:-1}" "$@"
