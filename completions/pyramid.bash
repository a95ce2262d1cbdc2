# bash completion for pyramid(1) and pyramid-mpi(1). Installed as
# /usr/share/bash-completion/completions/pyramid (pyramid-mpi is a symlink
# to it). Everything is read from the program itself, so it never drifts:
# the commands from `pyramid --help`, each command's options from `pyramid
# COMMAND --help`, --format values from its usage line, variant names from
# `pyramid variants`; files where an option or command takes one.

# The commands `pyramid --help` lists.
_pyramid_commands() {
    "$1" --help 2>/dev/null | awk '/^commands:/ { c = 1; next } c && /^  [a-z]/ { print $1 } c && !/^  / { c = 0 }'
}

# The options of `PROG COMMAND --help`, one a line, each followed by " arg"
# when it takes a value (Boost.Program_options: "  --name arg (=x)  text",
# "  -q [ --quiet ]  text").
_pyramid_options() {
    "$1" "$2" --help 2>/dev/null | awk '
        /options:$/ { o = 1; next }
        o && /^  -/ {
            spec = substr($0, 3); sub(/  .*/, "", spec)
            arg = (spec ~ / arg/ || spec ~ /\[=arg/) ? " arg" : ""
            n = split(spec, w, /[][ ]+/)
            for (i = 1; i <= n; i++) if (w[i] ~ /^-/) print w[i] arg
        }
        o && /^[^ ]/ { o = 0 }'
}

_pyramid() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    local prog=${COMP_WORDS[0]} help
    help=$prog
    # pyramid-mpi takes the options of `pyramid stats` (and starts MPI for them): ask pyramid.
    [[ $prog == *pyramid-mpi ]] && help=${prog%-mpi}
    prog=${prog/#\~/$HOME}
    help=${help/#\~/$HOME}
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        local cmds
        if [[ ${COMP_WORDS[0]} == *pyramid-mpi ]]; then cmds="stats --help --version"
        else cmds="$(_pyramid_commands "$help") --help --version"; fi
        COMPREPLY=($(compgen -W "$cmds" -- "$cur"))
        return 0
    fi
    local cmd=${COMP_WORDS[1]}
    local files=0
    case $prev in
        --variant)
            local names
            names=$("$help" variants 2>/dev/null | awk '{ print $1 }')
            if [[ $cmd == stats && $cur == *,* ]]; then  # a comma-separated list: complete its last name
                local head=${cur%,*},
                COMPREPLY=($(compgen -P "$head" -W "$names" -- "${cur##*,}"))
            else
                COMPREPLY=($(compgen -W "$names" -- "$cur"))
            fi
            return 0 ;;
        --format)
            local values
            values=$("$help" "$cmd" --help 2>/dev/null | grep -o -- '--format [a-z|]*' | head -n 1 | cut -d' ' -f2 | tr '|' ' ')
            COMPREPLY=($(compgen -W "$values" -- "$cur"))
            return 0 ;;
        --list) COMPREPLY=($(compgen -W "win lose intractable" -- "$cur")); return 0 ;;
        --goal) COMPREPLY=($(compgen -W "pyramid all" -- "$cur")); return 0 ;;
        --reserves) COMPREPLY=($(compgen -W "top open" -- "$cur")); return 0 ;;
        --overlap) [[ $cmd == stats ]] && COMPREPLY=($(compgen -W "off on off,on" -- "$cur")); [[ $cmd == stats ]] && return 0 ;;
        --passes) COMPREPLY=($(compgen -W "1 2 3 unlimited" -- "$cur")); return 0 ;;
        --challenge) COMPREPLY=($(compgen -W "score board cards:A cards:2 cards:3 cards:4 cards:5 cards:6 cards:7 cards:8 cards:9 cards:T cards:J cards:Q cards:K" -- "$cur")); return 0 ;;
        --scoring) COMPREPLY=($(compgen -W "msc removals" -- "$cur")); return 0 ;;
        --deal-file|--deals-file|--moves-file|--out|-o|--output|--report) files=1 ;;
        *)
            # Another option that takes a value (a number, cards, moves): nothing to offer.
            if [[ $prev == -* ]] && _pyramid_options "$help" "$cmd" | grep -qx -- "$prev arg"; then
                [[ $prev == --overlap ]] || return 0
            fi ;;
    esac
    if ((files == 0)) && [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_pyramid_options "$help" "$cmd" | cut -d' ' -f1)" -- "$cur"))
        return 0
    fi
    if ((files == 0)); then
        case $cmd in
            variants) COMPREPLY=($(compgen -W "$("$help" variants 2>/dev/null | awk '{ print $1 }')" -- "$cur")); return 0 ;;
            merge|report|compare) files=1 ;;  # record files
            *) return 0 ;;
        esac
    fi
    if declare -F _filedir >/dev/null; then
        _filedir
    else
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
    return 0
}
complete -F _pyramid pyramid pyramid-mpi
