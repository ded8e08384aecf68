#!/usr/bin/env bash
# A throwaway single-node Slurm (munged, slurmctld, slurmd) in one folder, for tests and for
# trying scripts/cluster/slurm-array.sh on one machine:
#   scripts/cluster/local-slurm.sh start /tmp/slurm   # prints SLURM_CONF=…; exit 77: cannot start
#   SLURM_CONF=/tmp/slurm/slurm.conf sbatch --array=0-3 scripts/cluster/slurm-array.sh …
#   scripts/cluster/local-slurm.sh stop /tmp/slurm    # stops the daemons it started
# Needs Debian's slurm-wlm and munge, and root (slurmd runs jobs as their submitter).
set -euo pipefail
cmd=${1:-}; dir=${2:-}
[[ -n $cmd && -n $dir ]] || { echo "usage: $0 start|stop DIR" >&2; exit 1; }

stop() {
    for name in slurmd slurmctld munged; do
        if [[ -f $dir/$name.pid ]]; then
            pid=$(cat "$dir/$name.pid")
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -9 "$pid" 2>/dev/null || true
            rm -f "$dir/$name.pid"
        fi
    done
}

if [[ $cmd == stop ]]; then stop; exit 0; fi
[[ $cmd == start ]] || { echo "usage: $0 start|stop DIR" >&2; exit 1; }

skip() { echo "local-slurm: $*" >&2; stop; exit 77; }
# Starts a daemon holding none of the caller's files: no standard streams, and no other
# inherited descriptor (a caller that learns of our exit when its socket closes, such as
# Foundation's Process, would otherwise wait for the daemons too).
daemon() {
    (
        for fd in $(ls /proc/$BASHPID/fd); do
            if (( fd > 2 )); then eval "exec $fd>&-" 2>/dev/null || true; fi
        done
        exec "$@"
    ) </dev/null >>"$dir/daemons.log" 2>&1
}
for tool in munged slurmctld slurmd sbatch python3; do
    command -v "$tool" >/dev/null || skip "$tool not found (Debian: slurm-wlm, munge)"
done
[[ $(id -u) == 0 ]] || skip "needs root to start slurmd"

mkdir -p "$dir"/{state,spool,munge}
chmod 700 "$dir/munge"
dir=$(cd "$dir" && pwd)
trap 'skip "could not start; logs in $dir"' ERR

# munge: its own key and socket, nothing shared with a system munged.
dd if=/dev/urandom of="$dir/munge/key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/key"
daemon munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/key" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munge/seed"

read -r ctld_port node_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
host=$(hostname -s)
cpus=$(nproc)
cat > "$dir/slurm.conf" <<CONF
ClusterName=lunette-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
echo "# no cgroup settings: proctrack/linuxproc, task/none" > "$dir/cgroup.conf"
export SLURM_CONF=$dir/slurm.conf
daemon slurmctld -i -f "$SLURM_CONF"
daemon slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do
    state=$(sinfo -h -N -o %T 2>/dev/null | head -1 || true)
    [[ $state == idle* || $state == mix* ]] && { trap - ERR; echo "SLURM_CONF=$SLURM_CONF"; exit 0; }
    sleep 0.2
done
skip "the node did not come up (state '${state:-none}'); logs in $dir"
