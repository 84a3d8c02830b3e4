import streamlit as st

st.title("kl_penalty")
